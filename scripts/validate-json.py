#!/usr/bin/env python3
"""Validates JSON documents against one schema of docs/schemas/*.schema.json.
Usage: scripts/validate-json.py SCHEMA DOCUMENT...   ('-' reads a document from standard input)
Every document is checked against SCHEMA, in turn. Prints one line per document that fails,
naming it: its first error, or why it could not be read ("not JSON", a missing file); the other
documents are still checked. Exits 0 if all conform, 1 if any fails, 2 on a usage error or a
schema that cannot be read."""
import json
import sys

import jsonschema

PROGRAM = "validate-json.py"


def load(path: str):
    """The JSON value in PATH ('-': standard input); raises ValueError with a one-line reason."""
    try:
        if path == "-":
            return json.load(sys.stdin)
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except OSError as e:
        raise ValueError(f"cannot read ({e.strerror or e})") from None
    except UnicodeDecodeError:
        raise ValueError("not JSON (not UTF-8 text)") from None
    except json.JSONDecodeError as e:
        raise ValueError(f"not JSON ({e.msg} at line {e.lineno}, column {e.colno})") from None


def first_error(validator, document_path: str) -> str:
    """One line naming DOCUMENT_PATH and why it fails, or "" if it conforms."""
    try:
        document = load(document_path)
    except ValueError as e:
        return f"{document_path}: {e}"
    errors = sorted(validator.iter_errors(document), key=lambda e: list(e.path))
    if not errors:
        return ""
    where = "/".join(str(p) for p in errors[0].path) or "(top)"
    return f"{document_path}: {where}: {errors[0].message}"


def usage_error(message: str) -> int:
    print(f"{PROGRAM}: error: {message} (usage: {PROGRAM} SCHEMA DOCUMENT...; --help)", file=sys.stderr)
    return 2


def main() -> int:
    arguments = sys.argv[1:]
    if "-h" in arguments or "--help" in arguments:
        print(__doc__)
        return 0
    unknown = [a for a in arguments if a.startswith("-") and a != "-"]
    if unknown:
        return usage_error(f"unknown option '{unknown[0]}'")
    if len(arguments) < 2:
        return usage_error("a schema and at least one document are needed")
    schema_path, documents = arguments[0], arguments[1:]
    try:
        schema = load(schema_path)
        jsonschema.Draft202012Validator.check_schema(schema)
    except ValueError as e:
        print(f"{PROGRAM}: error: schema {schema_path}: {e}", file=sys.stderr)
        return 2
    except jsonschema.SchemaError as e:
        print(f"{PROGRAM}: error: schema {schema_path}: not a JSON Schema ({e.message})", file=sys.stderr)
        return 2
    validator = jsonschema.Draft202012Validator(schema)
    failed = 0
    for document_path in documents:
        error = first_error(validator, document_path)
        if error:
            print(error, flush=True)
            failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
