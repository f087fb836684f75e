// Two `%s` placeholders and no `args`: the fields would fill them in the
// order they are declared, and reordering the fields would swap the values
// unseen. The error shows the `args` to add, and the named form.
use errcat::error_code;

#[derive(Debug)]
#[error_code("EZ0001", message = "Option %s is deprecated; use %s instead.")]
pub struct Deprecated {
    pub old: String,
    pub new: String,
}

fn main() {}
