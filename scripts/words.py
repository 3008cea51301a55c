#!/usr/bin/env python3
"""The words of both apps, checked against each other.

Reads Android's android/app/src/main/res/values*/strings.xml (strings and plurals) and iOS's
ios/SlidePuzzleApp/Localizable.xcstrings, pairs them by key (the catalog's "note.choose-blank %@"
is Android's note_choose_blank: arguments dropped, dots and dashes to underscores, camelCase to
snake_case) and compares, per key: that both apps have it, the English and the German text once
placeholders are normalised (%1$s, %d, %@, %lld all become {1}, {2}, ... in order), and the
plural forms. Every difference must be listed in scripts/words-exceptions.txt with its reason
and both sides' texts as they differ today, pinned: a listed difference that is gone fails, and so
does one whose texts have drifted from the pinned ones (an exception covers the difference it
names, not whatever that key says next). Exit status 1 on any unlisted, stale or drifted
difference.

Usage: scripts/words.py [--root DIR]
"""

import argparse
import json
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

LANGUAGES = {"en": "values", "de": "values-de"}
KINDS = {"android-only", "ios-only", "en", "de", "plural"}
OWNERS = {"ios-next", "android-next", "kept"}


def key_of_catalog(key: str) -> str:
    """note.hint.piece %@ -> note_hint_piece; control.playAgain -> control_play_again."""
    name = key.split(" ", 1)[0]
    name = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name)
    name = re.sub(r"(?<=[A-Z])(?=[A-Z][a-z])", "_", name)
    return re.sub(r"[.\-]", "_", name).lower()


def normalise(text: str) -> str:
    """Placeholders numbered in order; Android's escapes undone; outer space trimmed."""
    text = text.replace("\\'", "'").replace('\\"', '"').replace("\\n", "\n").replace("\\@", "@")
    count = 0

    def number(m: re.Match) -> str:
        nonlocal count
        count += 1
        return "{%s}" % (m.group(1) or count)

    return re.sub(r"%(?:(\d+)\$)?(?:lld|ld|@|s|d)", number, text).strip()


def read_android(res: Path, folder: str) -> dict:
    out = {}
    path = res / folder / "strings.xml"
    for e in ET.parse(path).getroot():
        name = e.get("name")
        if e.tag == "string":
            out[name] = normalise("".join(e.itertext()))
        elif e.tag == "plurals":
            out[name] = {i.get("quantity"): normalise("".join(i.itertext())) for i in e}
    return out


def read_catalog(path: Path, language: str, source: str) -> dict:
    catalog = json.loads(path.read_text(encoding="utf-8"))
    out = {}
    for key, entry in catalog["strings"].items():
        local = entry.get("localizations", {}).get(language)
        if local is None:
            if language != source:
                continue
            value = normalise(key)
        elif "stringUnit" in local:
            value = normalise(local["stringUnit"]["value"])
        else:
            forms = local.get("variations", {}).get("plural", {})
            value = {q: normalise(v["stringUnit"]["value"]) for q, v in forms.items()}
        out.setdefault(key_of_catalog(key), value)
    return out


def read_exceptions(path: Path) -> dict:
    """(key, kind) -> (owner, reason, pinned), from lines "key | kind | owner | reason | pinned",
    pinned being the difference as this check reports it."""
    out = {}
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        parts = [p.strip() for p in line.split(" | ", 4)]
        if len(parts) != 5 or parts[1] not in KINDS or parts[2] not in OWNERS or not parts[3] or not parts[4]:
            sys.exit(f"{path}:{n}: expected 'key | {'/'.join(sorted(KINDS))} | {'/'.join(sorted(OWNERS))} | reason | pinned texts'")
        out[(parts[0], parts[1])] = (parts[2], parts[3], parts[4])
    return out


def differences(android: dict, ios: dict) -> dict:
    """(key, kind) -> what differs, for every key of either side."""
    found = {}
    en_a, en_i = android["en"], ios["en"]
    for key in sorted(set(en_a) | set(en_i)):
        if key not in en_i:
            found[(key, "android-only")] = repr(en_a[key])
            continue
        if key not in en_a:
            found[(key, "ios-only")] = repr(en_i[key])
            continue
        for language in LANGUAGES:
            a, i = android[language].get(key), ios[language].get(key)
            if isinstance(a, dict) != isinstance(i, dict):
                found[(key, "plural")] = f"{language}: Android {a!r}, iOS {i!r}"
            elif isinstance(a, dict):
                if set(a) != set(i):
                    found[(key, "plural")] = f"{language} forms: Android {sorted(a)}, iOS {sorted(i)}"
                elif a != i:
                    found[(key, language)] = f"Android {a!r}, iOS {i!r}"
            elif a != i:
                found[(key, language)] = f"Android {a!r}, iOS {i!r}"
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent)
    args = parser.parse_args()
    res = args.root / "android/app/src/main/res"
    catalog_path = args.root / "ios/SlidePuzzleApp/Localizable.xcstrings"
    source = json.loads(catalog_path.read_text(encoding="utf-8")).get("sourceLanguage", "en")
    android = {lang: read_android(res, folder) for lang, folder in LANGUAGES.items()}
    ios = {lang: read_catalog(catalog_path, lang, source) for lang in LANGUAGES}
    listed = read_exceptions(args.root / "scripts/words-exceptions.txt")
    found = differences(android, ios)
    unlisted = {k: v for k, v in found.items() if k not in listed}
    stale = [k for k in listed if k not in found]
    drifted = {k: v for k, v in found.items() if k in listed and listed[k][2] != v}
    for (key, kind), what in sorted(unlisted.items()):
        print(f"words: {key} ({kind}) differs between the apps and is not in words-exceptions.txt: {what}")
    for key, kind in sorted(stale):
        print(f"words: {key} ({kind}) is listed in words-exceptions.txt but no longer differs: remove it")
    for (key, kind), what in sorted(drifted.items()):
        print(f"words: {key} ({kind}) drifted from its pinned texts: listed {listed[(key, kind)][2]}, now {what}")
    same = len(set(android["en"]) & set(ios["en"]))
    ios_next = sum(1 for owner, _, _ in listed.values() if owner == "ios-next")
    print(
        f"words: {same} keys on both apps; {len(found)} differences, {len(found) - len(unlisted)} listed "
        f"({ios_next} for iOS to clear next round), {len(unlisted)} unlisted; {len(stale)} listed but gone; "
        f"{len(drifted)} drifted"
    )
    return 1 if unlisted or stale or drifted else 0


if __name__ == "__main__":
    sys.exit(main())
