//! The main job: a real host allocation fails, EK0201 is reported with the
//! size asked for, a second thread reports EK0001 and hands it over, and the
//! combined message is printed as the CANN runtime prints it.

use errcat::msprof_env_error;
// The crate of the codes reported here, which a report site needs in reach
// (and the registry linked), with no import of its items.
use errcat_profiling as _;

fn main() {
    // More than any host can give: `try_reserve` fails instead of aborting.
    let size = isize::MAX as usize - 64;
    let mut buffer: Vec<u8> = Vec::new();
    if buffer.try_reserve_exact(size).is_err() {
        msprof_env_error!("EK0201", ["buf_size"], [format!("{size}B")]);
    }

    let worker = std::thread::spawn(|| {
        let sample_rate = "-5";
        msprof_env_error!(
            "EK0001",
            ["value", "param", "reason"],
            [
                sample_rate,
                "aic_sample_rate",
                "the sampling interval must be positive"
            ]
        );
        errcat::take_reports()
    });
    let reports = worker.join().expect("the worker thread panicked");
    errcat::restore_reports(reports);

    match errcat::take_error_message() {
        Some(message) => print!("{message}"),
        None => println!("no error was reported"),
    }
}
