#!/usr/bin/env bash
# Installs errcat-ffi for C and C++ builds outside cargo:
#
#   cargo build --release -p errcat-ffi
#   ffi/install.sh /usr/local              # or any prefix; a second argument
#                                          # names another library folder
#
# PREFIX/include/errcat_ffi/cann/     error_manager.h (the C++ class),
#                                      base/err_msg.h, base/err_mgr.h: CANN's
#                                      C++ headers, the C++ modules' -I
# PREFIX/include/errcat_ffi/compact/  error_manager.h: the compact C ABI
#                                      under the name CANN's compact sources
#                                      include, the compact modules' -I
# PREFIX/include/errcode/              compact_error_manager.h (the same
#                                      header under its own name)
# PREFIX/lib/liberrcat_ffi.so         SONAME liberrcat_ffi.so
# PREFIX/lib/liberrcat_ffi.a
# PREFIX/lib/liberror_manager.so, .a  links to them: CANN's library name, so
#                                      that -lerror_manager links errcode
# PREFIX/lib/pkgconfig/
#     errcat_ffi.pc, error_manager.pc                 C++ framework, shared
#     errcat_ffi_static.pc, error_manager_static.pc   C++ framework, static
#     errcat_ffi_compact.pc                           compact C ABI, shared
#     errcat_ffi_compact_static.pc                    compact C ABI, static,
#                                                     without the C++ runtime
# PREFIX/lib/cmake/errcat_ffi/        find_package(errcat_ffi): the imported
#                                      targets errcat_ffi::errcat_ffi (shared),
#                                      errcat_ffi::errcat_ffi_static,
#                                      errcat_ffi::compact (shared) and
#                                      errcat_ffi::compact_static
# PREFIX/lib/cmake/error_manager/     find_package(error_manager): the targets
#                                      error_manager and error_manager_static,
#                                      CANN's own names for its library
#
# Every shared line carries -Wl,-rpath,PREFIX/lib, so that a program runs
# without LD_LIBRARY_PATH wherever PREFIX is. The compact static line leaves
# out the C++ runtime: the C++ layer is an object of its own in the archive,
# which a C program never pulls in.
#
# Each C++ link line is safe for code compiled against CANN's own headers,
# which declare the report functions weak: the shared library is linked
# even under --as-needed (a weak reference alone does not keep it), and the
# static one is asked for its C++ object by name
# (--require-defined=errcode_ffi_cxx), so that a link against a library
# without it fails at link time instead of the first report crashing.
set -euo pipefail

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
    echo "usage: $0 PREFIX [LIBRARY_FOLDER]   (default: target/release of this workspace)" >&2
    exit 2
fi
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
prefix="$1"
libs="${2:-$here/../target/release}"
for built in liberrcat_ffi.so liberrcat_ffi.a; do
    if [ ! -f "$libs/$built" ]; then
        echo "$0: $libs/$built is missing: run \`cargo build --release -p errcat-ffi\` first, or name the folder that holds it" >&2
        exit 1
    fi
done
version="$(sed -n 's/^version = "\(.*\)"$/\1/p' "$here/../Cargo.toml" | head -n 1)"

mkdir -p "$prefix/include/errcat_ffi/cann/base" "$prefix/include/errcat_ffi/compact" \
    "$prefix/include/errcode" "$prefix/lib/pkgconfig" "$prefix/lib/cmake/errcat_ffi" \
    "$prefix/lib/cmake/error_manager"
install -m 0644 "$here/include/cann/error_manager.h" "$prefix/include/errcat_ffi/cann/"
install -m 0644 "$here/include/cann/base/err_msg.h" "$here/include/cann/base/err_mgr.h" \
    "$prefix/include/errcat_ffi/cann/base/"
install -m 0644 "$here/include/errcode/compact_error_manager.h" "$prefix/include/errcode/"
install -m 0644 "$here/include/errcode/compact_error_manager.h" \
    "$prefix/include/errcat_ffi/compact/error_manager.h"
install -m 0755 "$libs/liberrcat_ffi.so" "$prefix/lib/"
install -m 0644 "$libs/liberrcat_ffi.a" "$prefix/lib/"
ln -sf liberrcat_ffi.so "$prefix/lib/liberror_manager.so"
ln -sf liberrcat_ffi.a "$prefix/lib/liberror_manager.a"

# What the static library needs from the system, as rustc lists it; the C++
# modules add the C++ runtime, for the C++ layer.
system="-lgcc_s -lutil -lrt -lpthread -lm -ldl"

# pc NAME DESCRIPTION CFLAGS LIBS: writes PREFIX/lib/pkgconfig/NAME.pc.
pc() {
    cat > "$prefix/lib/pkgconfig/$1.pc" <<EOF
prefix=$prefix
libdir=\${prefix}/lib
includedir=\${prefix}/include

Name: $1
Description: $2
Version: $version
Cflags: $3
Libs: $4
EOF
}

cxx_cflags='-I${includedir}/errcat_ffi/cann -I${includedir}'
compact_cflags='-I${includedir}/errcat_ffi/compact -I${includedir}'
shared_libs='-L${libdir} -Wl,-rpath,${libdir} -Wl,--push-state,--no-as-needed -lerrcat_ffi -Wl,--pop-state'
cxx_static_libs="-Wl,--require-defined=errcode_ffi_cxx \${libdir}/liberrcat_ffi.a -lstdc++ $system"
compact_static_libs="\${libdir}/liberrcat_ffi.a $system"

for name in errcat_ffi error_manager; do
    pc "$name" "errcode's C ABI and CANN's C++ error-message framework (liberror_manager), shared" \
        "$cxx_cflags" "$shared_libs"
    pc "${name}_static" "errcode's C ABI and CANN's C++ error-message framework (liberror_manager), static" \
        "$cxx_cflags" "$cxx_static_libs"
done
pc errcat_ffi_compact "errcode's compact C ABI (CANN's runtime_compact error_manager.h), shared" \
    "$compact_cflags" "$shared_libs"
pc errcat_ffi_compact_static \
    "errcode's compact C ABI (CANN's runtime_compact error_manager.h), static, without the C++ runtime" \
    "$compact_cflags" "$compact_static_libs"

cat > "$prefix/lib/cmake/errcat_ffi/errcat_ffiConfig.cmake" <<'EOF'
# find_package(errcat_ffi): errcode's C ABI and CANN's C++ error-message
# framework, in place of CANN's liberror_manager.
#
#   errcat_ffi::errcat_ffi          the shared library, linked even under
#                                     --as-needed (code built against CANN's
#                                     headers refers to it weakly only)
#   errcat_ffi::errcat_ffi_static   the static library, its C++ object
#                                     asked for by name, so that the link
#                                     fails rather than the first report
#   errcat_ffi::compact             the shared library, for the compact C ABI
#   errcat_ffi::compact_static      the static library for C programs,
#                                     without the C++ runtime
#
# The C++ targets put include/errcat_ffi/cann (error_manager.h: the C++
# class; base/err_msg.h, base/err_mgr.h) and include on the include path,
# the compact ones include/errcat_ffi/compact (error_manager.h: the compact
# C ABI) and include. A program linked to a shared target runs without
# LD_LIBRARY_PATH.
cmake_minimum_required(VERSION 3.13)
get_filename_component(_errcat_ffi_prefix "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)
include(CMakeFindDependencyMacro)
find_dependency(Threads)
set(_errcat_ffi_shared
    "-Wl,-rpath,${_errcat_ffi_prefix}/lib;-Wl,--push-state,--no-as-needed;${_errcat_ffi_prefix}/lib/liberrcat_ffi.so;-Wl,--pop-state;Threads::Threads")
set(_errcat_ffi_system "gcc_s;util;rt;Threads::Threads;m;dl")

if(NOT TARGET errcat_ffi::errcat_ffi)
    add_library(errcat_ffi::errcat_ffi INTERFACE IMPORTED)
    set_target_properties(errcat_ffi::errcat_ffi PROPERTIES
        INTERFACE_INCLUDE_DIRECTORIES "${_errcat_ffi_prefix}/include/errcat_ffi/cann;${_errcat_ffi_prefix}/include"
        INTERFACE_LINK_LIBRARIES "${_errcat_ffi_shared}")
endif()

if(NOT TARGET errcat_ffi::errcat_ffi_static)
    add_library(errcat_ffi::errcat_ffi_static INTERFACE IMPORTED)
    set_target_properties(errcat_ffi::errcat_ffi_static PROPERTIES
        INTERFACE_INCLUDE_DIRECTORIES "${_errcat_ffi_prefix}/include/errcat_ffi/cann;${_errcat_ffi_prefix}/include"
        INTERFACE_LINK_OPTIONS "LINKER:--require-defined=errcode_ffi_cxx"
        INTERFACE_LINK_LIBRARIES "${_errcat_ffi_prefix}/lib/liberrcat_ffi.a;stdc++;${_errcat_ffi_system}")
endif()

if(NOT TARGET errcat_ffi::compact)
    add_library(errcat_ffi::compact INTERFACE IMPORTED)
    set_target_properties(errcat_ffi::compact PROPERTIES
        INTERFACE_INCLUDE_DIRECTORIES "${_errcat_ffi_prefix}/include/errcat_ffi/compact;${_errcat_ffi_prefix}/include"
        INTERFACE_LINK_LIBRARIES "${_errcat_ffi_shared}")
endif()

if(NOT TARGET errcat_ffi::compact_static)
    add_library(errcat_ffi::compact_static INTERFACE IMPORTED)
    set_target_properties(errcat_ffi::compact_static PROPERTIES
        INTERFACE_INCLUDE_DIRECTORIES "${_errcat_ffi_prefix}/include/errcat_ffi/compact;${_errcat_ffi_prefix}/include"
        INTERFACE_LINK_LIBRARIES "${_errcat_ffi_prefix}/lib/liberrcat_ffi.a;${_errcat_ffi_system}")
endif()

unset(_errcat_ffi_shared)
unset(_errcat_ffi_system)
unset(_errcat_ffi_prefix)
EOF

cat > "$prefix/lib/cmake/error_manager/error_managerConfig.cmake" <<'EOF'
# find_package(error_manager): errcode under the names CANN's build gives its
# own library, so that target_link_libraries(... error_manager) and
# target_link_libraries(... error_manager_static) link errcode unchanged.
include("${CMAKE_CURRENT_LIST_DIR}/../errcat_ffi/errcat_ffiConfig.cmake")
if(NOT TARGET error_manager)
    add_library(error_manager INTERFACE IMPORTED)
    set_target_properties(error_manager PROPERTIES INTERFACE_LINK_LIBRARIES errcat_ffi::errcat_ffi)
endif()
if(NOT TARGET error_manager_static)
    add_library(error_manager_static INTERFACE IMPORTED)
    set_target_properties(error_manager_static PROPERTIES INTERFACE_LINK_LIBRARIES errcat_ffi::errcat_ffi_static)
endif()
EOF

for package in errcat_ffi error_manager; do
    cat > "$prefix/lib/cmake/$package/${package}ConfigVersion.cmake" <<EOF
# Any version asked for up to this one, with the same major version.
set(PACKAGE_VERSION "$version")
if(PACKAGE_FIND_VERSION VERSION_GREATER PACKAGE_VERSION)
    set(PACKAGE_VERSION_COMPATIBLE FALSE)
else()
    string(REGEX MATCH "^[0-9]+" _major "\${PACKAGE_VERSION}")
    if(PACKAGE_FIND_VERSION_MAJOR STREQUAL _major)
        set(PACKAGE_VERSION_COMPATIBLE TRUE)
    else()
        set(PACKAGE_VERSION_COMPATIBLE FALSE)
    endif()
    if(PACKAGE_FIND_VERSION STREQUAL PACKAGE_VERSION)
        set(PACKAGE_VERSION_EXACT TRUE)
    endif()
endif()
EOF
done
echo "installed errcat-ffi $version into $prefix"
