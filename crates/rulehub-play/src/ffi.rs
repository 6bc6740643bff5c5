//! The module's exports for JavaScript: plain `extern "C"` functions,
//! written out for a family's game by [`export_practice_api!`].
//!
//! No pointer from the caller is ever trusted. A request travels through an
//! input buffer the module owns: the caller asks `rh_input` for room for
//! `len` bytes, writes its bytes at the returned address and then calls a
//! function, which reads exactly those bytes. Every answer is JSON left in
//! an output buffer; the function returns its length and `rh_output` its
//! address, valid until the next call. `engine.js` wraps all of this.

use std::cell::RefCell;

use crate::MAX_REQUEST_BYTES;

thread_local! {
    static INPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    static OUTPUT: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Keeps `answer` for the caller to read; returns its length.
pub fn answer(text: String) -> u32 {
    let len = text.len() as u32;
    OUTPUT.with(|out| *out.borrow_mut() = text);
    len
}

/// Runs `f` on the request the caller wrote into the input buffer.
pub fn with_input<R>(f: impl FnOnce(&[u8]) -> R) -> R {
    INPUT.with(|input| f(&input.borrow()))
}

/// Makes room for a request of `len` bytes (zeroed) and returns where to
/// write it; null when `len` is over the request limit.
pub fn input(len: u32) -> *mut u8 {
    let len = len as usize;
    if len > MAX_REQUEST_BYTES {
        return std::ptr::null_mut();
    }
    INPUT.with(|input| {
        let mut input = input.borrow_mut();
        input.clear();
        input.resize(len, 0);
        input.as_mut_ptr()
    })
}

/// Where the last answer starts.
pub fn output() -> *const u8 {
    OUTPUT.with(|out| out.borrow().as_ptr())
}

// The page's clock: JavaScript gives the module `env.rh_now_ms`
// (`performance.now`), the one thing it imports, so the AI can keep to a
// level's reply time.
#[cfg(target_arch = "wasm32")]
#[link(wasm_import_module = "env")]
unsafe extern "C" {
    fn rh_now_ms() -> f64;
}

/// Milliseconds from the page's time origin.
#[cfg(target_arch = "wasm32")]
pub fn now_ms() -> f64 {
    // SAFETY: the import takes nothing and returns a number; engine.js
    // gives it, and a module instantiated without it does not load.
    unsafe { rh_now_ms() }
}

/// Milliseconds from the first call (a native build, as in tests).
#[cfg(not(target_arch = "wasm32"))]
pub fn now_ms() -> f64 {
    use std::sync::OnceLock;
    use std::time::Instant;
    static START: OnceLock<Instant> = OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
}

/// Writes the module's exports for one [`Playable`](rulehub_game::Playable)
/// game type and the function that starts one from a `new_game` request: `rh_input`, `rh_output`, `rh_new_game`, `rh_free_game`,
/// `rh_state`, `rh_play`, `rh_undo`, `rh_ai_move` and `rh_record`. Name it
/// once, in the family's board crate.
#[macro_export]
macro_rules! export_practice_api {
    ($game:ty, $start:path) => {
        thread_local! {
            static SESSIONS: ::std::cell::RefCell<$crate::Sessions<$game>> =
                ::std::cell::RefCell::new($crate::Sessions::new($start));
        }

        fn with_sessions<R>(f: impl FnOnce(&mut $crate::Sessions<$game>) -> R) -> R {
            SESSIONS.with(|sessions| f(&mut sessions.borrow_mut()))
        }

        /// Makes room for a request of `len` bytes; null when too long.
        #[unsafe(no_mangle)]
        pub extern "C" fn rh_input(len: u32) -> *mut u8 {
            $crate::ffi::input(len)
        }

        /// Where the last answer starts.
        #[unsafe(no_mangle)]
        pub extern "C" fn rh_output() -> *const u8 {
            $crate::ffi::output()
        }

        /// Starts a game from the JSON request in the input buffer.
        #[unsafe(no_mangle)]
        pub extern "C" fn rh_new_game() -> u32 {
            $crate::ffi::answer($crate::ffi::with_input(|request| {
                with_sessions(|s| s.new_game(request))
            }))
        }

        #[unsafe(no_mangle)]
        pub extern "C" fn rh_free_game(handle: u32) -> u32 {
            $crate::ffi::answer(with_sessions(|s| s.free_game(handle)))
        }

        #[unsafe(no_mangle)]
        pub extern "C" fn rh_state(handle: u32) -> u32 {
            $crate::ffi::answer(with_sessions(|s| s.state(handle)))
        }

        /// Plays from cell `from` to cell `to`; the input buffer holds the
        /// landing cells in between when the route must be named (else it
        /// is empty).
        #[unsafe(no_mangle)]
        pub extern "C" fn rh_play(handle: u32, from: u32, to: u32) -> u32 {
            $crate::ffi::answer($crate::ffi::with_input(|via| {
                with_sessions(|s| s.play(handle, from, to, via))
            }))
        }

        #[unsafe(no_mangle)]
        pub extern "C" fn rh_undo(handle: u32) -> u32 {
            $crate::ffi::answer(with_sessions(|s| s.undo(handle)))
        }

        /// The AI's move within the level's reply time; the level's name
        /// is the input buffer. The seed comes as two halves because a JavaScript number holds no 64-bit
        /// integer.
        #[unsafe(no_mangle)]
        pub extern "C" fn rh_ai_move(
            handle: u32,
            seed_high: u32,
            seed_low: u32,
            node_budget: u32,
        ) -> u32 {
            let seed = (u64::from(seed_high) << 32) | u64::from(seed_low);
            $crate::ffi::answer($crate::ffi::with_input(|level| {
                with_sessions(|s| {
                    s.ai_move(
                        handle,
                        level,
                        seed,
                        u64::from(node_budget),
                        Some(&$crate::ffi::now_ms),
                    )
                })
            }))
        }

        #[unsafe(no_mangle)]
        pub extern "C" fn rh_record(handle: u32) -> u32 {
            $crate::ffi::answer(with_sessions(|s| s.record(handle)))
        }
    };
}
