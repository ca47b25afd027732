#!/usr/bin/env python3
"""README's command table must list every command `bredon --help` knows, and each row every
option that `bredon <command> --help` declares. Usage: readme_commands_test.py <bredon> <README.md>"""
import re
import subprocess
import sys

bredon, readme_path = sys.argv[1], sys.argv[2]


def help_of(*words):
    return subprocess.run([bredon, *words, "--help"], capture_output=True, text=True, check=True).stdout


def subcommands(help_text):
    block = help_text.split("Subcommands:", 1)
    if len(block) < 2:
        return []
    return [line.split()[0] for line in block[1].splitlines() if line.startswith("  ") and line.split()]


def options(help_text):
    return sorted({o for o in re.findall(r"(--[a-z][a-z0-9-]*)", help_text) if o != "--help"})


rows = {}  # "bench perft" -> the README row that documents it
for line in open(readme_path, encoding="utf-8"):
    m = re.match(r"\|\s*`bredon ([a-z]+(?: [a-z]+)?)", line)
    if m:
        rows.setdefault(m.group(1), line)

problems = []
commands = []
for name in subcommands(help_of()):
    nested = subcommands(help_of(name))
    commands += [f"{name} {sub}" for sub in nested] if nested else [name]
for command in commands:
    row = rows.get(command)
    if row is None:
        problems.append(f"README's command table has no row for `bredon {command}`")
        continue
    for option in options(help_of(*command.split())):
        if option not in row:
            problems.append(f"README's row for `bredon {command}` does not mention {option}")
for command in rows:
    if command not in commands:
        problems.append(f"README documents `bredon {command}`, which `bredon --help` does not list")

print("\n".join(problems) if problems else f"README documents all {len(commands)} commands and their options")
sys.exit(1 if problems else 0)
