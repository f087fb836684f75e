// A report site that sees two definitions of its code (dup-a and dup-b both
// define EZ0900) cannot tell which one it reports: the build fails, naming
// both crates and both types, in rustc's words ("type annotations needed":
// rustc has no hook that changes the message of an ambiguity, and the
// lookup of the site's definition and of its argument types both meet it).
// `errcat::test_unique_codes!()` is the check that names both definitions
// in errcat's words.
use dup_a::DefinedInA;
use dup_b::DefinedInB;

fn main() {
    let _ = (DefinedInA { what: String::new() }, DefinedInB { what: String::new() });
    errcat::report!("EZ0900", ["what"], ["x"]);
}
