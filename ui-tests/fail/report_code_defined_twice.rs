// A report site that sees two definitions of its code (dup-a and dup-b both
// define EZ0900) cannot tell which one it reports: the build fails, naming
// both crates and both types.
use dup_a::DefinedInA;
use dup_b::DefinedInB;

fn main() {
    let _ = (DefinedInA { what: String::new() }, DefinedInB { what: String::new() });
    errcat::report!("EZ0900", ["what"], ["x"]);
}
