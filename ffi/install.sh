#!/usr/bin/env bash
# Installs errcat-ffi for C and C++ builds outside cargo:
#
#   cargo build --release -p errcat-ffi
#   ffi/install.sh /usr/local              # or any prefix; a third argument
#                                          # names another library folder
#
# PREFIX/include/errcat_ffi/cann/   error_manager.h, base/err_msg.h, base/err_mgr.h
#                                    (CANN's C++ headers, for -I)
# PREFIX/include/errcode/            compact_error_manager.h (the compact C ABI)
# PREFIX/lib/liberrcat_ffi.so       SONAME liberrcat_ffi.so
# PREFIX/lib/liberrcat_ffi.a
# PREFIX/lib/pkgconfig/              errcat_ffi.pc (shared), errcat_ffi_static.pc
# PREFIX/lib/cmake/errcat_ffi/      find_package(errcat_ffi): the imported
#                                    targets errcat_ffi::errcat_ffi (shared)
#                                    and errcat_ffi::errcat_ffi_static
#
# Each link line these give is safe for code compiled against CANN's own
# headers, which declare the report functions weak: the shared library is
# linked even under --as-needed (a weak reference alone does not keep it),
# and the static one is asked for its C++ object by name
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

mkdir -p "$prefix/include/errcat_ffi/cann/base" "$prefix/include/errcode" \
    "$prefix/lib/pkgconfig" "$prefix/lib/cmake/errcat_ffi"
install -m 0644 "$here/include/cann/error_manager.h" "$prefix/include/errcat_ffi/cann/"
install -m 0644 "$here/include/cann/base/err_msg.h" "$here/include/cann/base/err_mgr.h" \
    "$prefix/include/errcat_ffi/cann/base/"
install -m 0644 "$here/include/errcode/compact_error_manager.h" "$prefix/include/errcode/"
install -m 0755 "$libs/liberrcat_ffi.so" "$prefix/lib/"
install -m 0644 "$libs/liberrcat_ffi.a" "$prefix/lib/"

# What the static library needs from the system, as rustc lists it, and the
# C++ runtime for the C++ layer.
private="-lstdc++ -lgcc_s -lutil -lrt -lpthread -lm -ldl"

cat > "$prefix/lib/pkgconfig/errcat_ffi.pc" <<EOF
prefix=$prefix
libdir=\${prefix}/lib
includedir=\${prefix}/include

Name: errcat_ffi
Description: errcode's C ABI and CANN's C++ error-message framework (liberror_manager), shared
Version: $version
Cflags: -I\${includedir}/errcat_ffi/cann -I\${includedir}
Libs: -L\${libdir} -Wl,--push-state,--no-as-needed -lerrcat_ffi -Wl,--pop-state
EOF

cat > "$prefix/lib/pkgconfig/errcat_ffi_static.pc" <<EOF
prefix=$prefix
libdir=\${prefix}/lib
includedir=\${prefix}/include

Name: errcat_ffi_static
Description: errcode's C ABI and CANN's C++ error-message framework (liberror_manager), static
Version: $version
Cflags: -I\${includedir}/errcat_ffi/cann -I\${includedir}
Libs: -Wl,--require-defined=errcode_ffi_cxx \${libdir}/liberrcat_ffi.a $private
EOF

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
#
# Both put include/errcat_ffi/cann (error_manager.h, base/err_msg.h,
# base/err_mgr.h) and include (errcode/compact_error_manager.h) on the
# include path.
cmake_minimum_required(VERSION 3.13)
get_filename_component(_errcat_ffi_prefix "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)
include(CMakeFindDependencyMacro)
find_dependency(Threads)

if(NOT TARGET errcat_ffi::errcat_ffi)
    add_library(errcat_ffi::errcat_ffi INTERFACE IMPORTED)
    set_target_properties(errcat_ffi::errcat_ffi PROPERTIES
        INTERFACE_INCLUDE_DIRECTORIES "${_errcat_ffi_prefix}/include/errcat_ffi/cann;${_errcat_ffi_prefix}/include"
        INTERFACE_LINK_LIBRARIES
            "-Wl,--push-state,--no-as-needed;${_errcat_ffi_prefix}/lib/liberrcat_ffi.so;-Wl,--pop-state;Threads::Threads")
endif()

if(NOT TARGET errcat_ffi::errcat_ffi_static)
    add_library(errcat_ffi::errcat_ffi_static INTERFACE IMPORTED)
    set_target_properties(errcat_ffi::errcat_ffi_static PROPERTIES
        INTERFACE_INCLUDE_DIRECTORIES "${_errcat_ffi_prefix}/include/errcat_ffi/cann;${_errcat_ffi_prefix}/include"
        INTERFACE_LINK_OPTIONS "LINKER:--require-defined=errcode_ffi_cxx"
        INTERFACE_LINK_LIBRARIES
            "${_errcat_ffi_prefix}/lib/liberrcat_ffi.a;stdc++;gcc_s;util;rt;Threads::Threads;m;dl")
endif()

unset(_errcat_ffi_prefix)
EOF

cat > "$prefix/lib/cmake/errcat_ffi/errcat_ffiConfigVersion.cmake" <<EOF
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
echo "installed errcat-ffi $version into $prefix"
