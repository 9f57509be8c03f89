#!/usr/bin/env python3
"""A certificate read on standard input, written without the nodes its root no longer reaches and
the others renumbered in order: a node nothing reaches is rejected (docs/solver.md, session 50),
so a certificate cut by hand (a move dropped from its root) keeps only what a stopped solve would
write. Used by tests/cli/solver.sh and puzzles.sh; reached_only(text) is the same for a string."""
import sys


def reached_only(text):
    head, nodes, tail = [], [], []  # nodes: [tag, id, rest, [(child, move)], [r lines]]
    for line in text.split("\n"):
        word = line.split(" ", 2)
        if word[0] in ("n", "e", "a", "p"):
            nodes.append([word[0], int(word[1]), " ".join(word[2:]), [], []])
        elif word[0] == "m":
            nodes[-1][3].append((int(word[1]), " ".join(word[2:])))
        elif word[0] == "r":
            nodes[-1][4].append(line)
        elif nodes:
            tail.append(line)
        else:
            head.append(line)
    root = int(next(line for line in head if line.startswith("root ")).split()[1])
    by_id = {node[1]: node for node in nodes}
    reached, todo = {root}, [root]
    while todo:
        for child, _ in by_id[todo.pop()][3]:
            if child not in reached:
                reached.add(child)
                todo.append(child)
    kept = [node for node in nodes if node[1] in reached]
    new_id = {node[1]: i + 1 for i, node in enumerate(kept)}
    out = ["root %d" % new_id[root] if line.startswith("root ") else line for line in head]
    for tag, number, rest, moves, others in kept:
        out.append(" ".join(filter(None, [tag, str(new_id[number]), rest])))
        out += ["m %d %s" % (new_id[child], move) for child, move in moves] + others
    return "\n".join(out + ["end %d" % len(kept) if line.startswith("end ") else line for line in tail])


if __name__ == "__main__":
    sys.stdout.write(reached_only(sys.stdin.read()))
