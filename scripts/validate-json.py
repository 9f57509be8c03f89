#!/usr/bin/env python3
"""Validates JSON documents against schemas of docs/schemas/*.schema.json.
Usage: validate-json.py SCHEMA DOCUMENT [SCHEMA DOCUMENT]... ('-' reads a document from stdin).
Prints one line per document that does not conform (its first error) and exits 1 if any."""
import json
import sys

import jsonschema


def first_error(schema_path: str, document_path: str) -> str:
    with open(schema_path, encoding="utf-8") as f:
        schema = json.load(f)
    if document_path == "-":
        document = json.load(sys.stdin)
    else:
        with open(document_path, encoding="utf-8") as f:
            document = json.load(f)
    errors = sorted(jsonschema.Draft202012Validator(schema).iter_errors(document), key=lambda e: list(e.path))
    if not errors:
        return ""
    where = "/".join(str(p) for p in errors[0].path) or "(top)"
    return f"{document_path}: {where}: {errors[0].message}"


def main() -> int:
    arguments = sys.argv[1:]
    if not arguments or len(arguments) % 2:
        print(__doc__)
        return 2
    failed = 0
    for schema_path, document_path in zip(arguments[0::2], arguments[1::2]):
        error = first_error(schema_path, document_path)
        if error:
            print(error)
            failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
