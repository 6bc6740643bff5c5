//! `rulehub gtp` answers a GTP controller through pipes, one command at a
//! time, the way GoGui, Sabaki and referee scripts drive an engine.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

/// Reads one GTP response: lines up to the empty line that ends it.
fn response(out: &mut impl BufRead) -> String {
    let mut text = String::new();
    loop {
        let mut line = String::new();
        let read = out.read_line(&mut line).expect("read stdout");
        if read == 0 || line == "\n" {
            return text;
        }
        text.push_str(&line);
    }
}

#[test]
fn gtp_plays_a_game_over_pipes_answering_each_command_as_it_comes() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rulehub"))
        .args([
            "gtp",
            "--rules",
            "go-chinese",
            "--playouts",
            "100",
            "--seed",
            "3",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("rulehub starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
    let mut ask = |command: &str| {
        writeln!(stdin, "{command}").expect("write stdin");
        stdin.flush().expect("flush");
        response(&mut stdout)
    };
    assert_eq!(ask("1 protocol_version"), "=1 2\n");
    assert_eq!(ask("boardsize 9"), "=\n");
    assert_eq!(ask("komi 7.5"), "=\n");
    assert_eq!(ask("play black D4"), "=\n");
    let answer = ask("genmove white");
    assert!(
        answer.starts_with("= ") && answer.trim() != "= D4",
        "{answer}"
    );
    assert_eq!(ask("play black D4"), "? illegal move (occupied)\n");
    assert!(ask("showboard").contains(" 4 . . . X"));
    assert_eq!(ask("quit"), "=\n");
    drop(stdin);
    assert!(child.wait().expect("rulehub exits").success());
}
