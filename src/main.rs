//! The `rulehub` command line. Only this binary prints.

// Same reasoning as in the library: diagnostics live only on the error path.
#![allow(clippy::result_large_err)]

mod cli;

// A build allocates and frees millions of small strings on every core;
// glibc's allocator spent about 17% of a 5k-page build's samples in
// malloc and free. mimalloc takes a fifth off a build's CPU time
// (BENCHMARKS.md, 2026-12-03). Built with `no_thp`: with transparent huge
// pages, its fresh segments were faulted in 2 MiB at a time and zeroing them
// tripled the system time.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// `mi_option_purge_delay` in mimalloc's `mi_option_e`, which
/// libmimalloc-sys does not name.
const MI_OPTION_PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

/// Tells the allocator to keep the memory it frees instead of handing it
/// back to the system a second later. `serve` rebuilds the same few hundred
/// MiB after every edit: returning the pages (`madvise`, with its TLB
/// flushes) and faulting them in again was a third of its quick pass at 10k
/// pages. A one-off build gains nothing from it and peaks higher, so only
/// `serve` asks. Call it before other threads start (mimalloc's options
/// are not synchronised).
pub(crate) fn keep_freed_memory() {
    // SAFETY: sets an integer option that mimalloc reads on its next purge;
    // no memory is touched.
    unsafe { libmimalloc_sys::mi_option_set(MI_OPTION_PURGE_DELAY, -1) }
}

fn main() -> std::process::ExitCode {
    cli::main()
}

#[cfg(test)]
mod tests {
    /// A mimalloc update that renumbered its options would make
    /// `keep_freed_memory` set some other option; the purge delay is the
    /// one whose default is 1000 ms.
    #[test]
    fn the_purge_delay_option_is_the_one_named() {
        // SAFETY: reads an integer option.
        let delay = unsafe { libmimalloc_sys::mi_option_get(super::MI_OPTION_PURGE_DELAY) };
        assert_eq!(delay, 1000);
    }
}
