#!/usr/bin/env python3
"""Referee between two GTP engines run as separate processes (GNU Go is
only spoken to over GTP, never linked). Plays N games on 9x9 with colours
alternated and prints each result and the tally.

  python3 benches/gtp_referee.py --games 40 \
      --a "target/release/rulehub gtp --rules go-chinese --level normal --seed {game}" \
      --b "gnugo --mode gtp --level 1 --chinese-rules"

The score of a finished game is engine B's final_score (GNU Go judges dead
stones; rulehub never guesses them). Games cut at --max-moves are scored
the same way.
"""
import argparse
import shlex
import subprocess
import sys


class Engine:
    def __init__(self, command):
        self.proc = subprocess.Popen(shlex.split(command), stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, bufsize=1)

    def ask(self, command):
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if line == "":
                raise RuntimeError(f"engine closed its output after {command!r}")
            if line.strip() == "" and lines:
                break
            if line.strip() == "" and not lines:
                continue
            lines.append(line.rstrip("\n"))
        text = "\n".join(lines)
        if text.startswith("?"):
            raise RuntimeError(f"{command!r} -> {text}")
        return text[1:].strip()

    def close(self):
        try:
            self.ask("quit")
        except Exception:
            pass
        self.proc.wait(timeout=10)


def play_game(a_cmd, b_cmd, a_is_black, size, komi, max_moves, game_number):
    # `{game}` in a command becomes the game's number, so a seeded engine
    # plays a different game each time instead of repeating one.
    a = Engine(a_cmd.replace("{game}", str(game_number)))
    b = Engine(b_cmd.replace("{game}", str(game_number)))
    try:
        for e in (a, b):
            e.ask(f"boardsize {size}")
            e.ask("clear_board")
            e.ask(f"komi {komi}")
        black, white = (a, b) if a_is_black else (b, a)
        players = [("black", black, white), ("white", white, black)]
        passes, moves, resigned = 0, 0, None
        while passes < 2 and moves < max_moves:
            colour, mover, other = players[moves % 2]
            vertex = mover.ask(f"genmove {colour}")
            if vertex.lower() == "resign":
                resigned = colour
                break
            other.ask(f"play {colour} {vertex}")
            passes = passes + 1 if vertex.lower() == "pass" else 0
            moves += 1
        if resigned:
            winner = "W" if resigned == "black" else "B"
            result = f"{winner}+R"
        else:
            result = b.ask("final_score")
        return result, moves
    finally:
        a.close()
        b.close()


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--a", required=True, help="engine A (counted as the tested engine)")
    p.add_argument("--b", required=True, help="engine B (the reference)")
    p.add_argument("--games", type=int, default=40)
    p.add_argument("--size", type=int, default=9)
    p.add_argument("--komi", type=float, default=7.5)
    p.add_argument("--max-moves", type=int, default=300)
    args = p.parse_args()
    a_wins = 0
    for g in range(args.games):
        a_is_black = g % 2 == 0
        result, moves = play_game(args.a, args.b, a_is_black, args.size, args.komi, args.max_moves, g + 1)
        a_colour = "B" if a_is_black else "W"
        won = result.startswith(a_colour + "+")
        a_wins += won
        print(f"game {g + 1}: A plays {'black' if a_is_black else 'white'}, {moves} moves, {result}, "
              f"{'A wins' if won else 'B wins'}  (A {a_wins} of {g + 1})", flush=True)
    print(f"A won {a_wins} of {args.games}")


if __name__ == "__main__":
    sys.exit(main())
