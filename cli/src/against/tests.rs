//! The reading threads: a panic while reading one file (a defect of
//! errcode, which no known input causes) surfaces as an input error naming
//! the file, and the other files are read (issue 26, defect 9: before, a
//! worker's panic became empty results).

use std::collections::HashSet;

use super::{Partial, read_files};

#[test]
fn a_panic_reading_a_file_is_an_error_naming_it_and_the_others_are_read() {
    // The hook would print the panic on the test's output.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let partials = read_files(
        5,
        &HashSet::new(),
        |index| format!("src/file{index}.c"),
        |partial: &mut Partial, index| {
            if index == 3 {
                panic!("index out of bounds");
            }
            partial.tally.files += 1;
        },
    );
    std::panic::set_hook(hook);
    let read: usize = partials.iter().map(|partial| partial.tally.files).sum();
    let unreadable: Vec<&str> = partials
        .iter()
        .flat_map(|partial| partial.unreadable.iter().map(|(_, why)| why.as_str()))
        .collect();
    assert_eq!(read, 4);
    assert_eq!(
        unreadable,
        ["reading src/file3.c failed (a defect of errcode; please report it): index out of bounds"]
    );
}
