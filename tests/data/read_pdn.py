"""Reads a PDN file with pydraughts (an outside PDN reader) and prints each
game as one JSON object per line: its tags, its variant as pydraughts names
it, its moves and its result. The end-to-end tests compare that with the
games the bot played."""

import json
import sys

from draughts.PDN import PDNReader


def main(path):
    for game in PDNReader(filename=path).games:
        print(json.dumps({
            "tags": game.tags,
            "variant": game.variant,
            "moves": game.moves,
            "result": game.game_ending,
        }))


if __name__ == "__main__":
    main(sys.argv[1])
