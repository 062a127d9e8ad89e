"""Small helpers shared by the question tests (imported by the test files; not a test module)."""


def events(spec: dict, kind: str) -> list[dict]:
    """The situation events of one kind, in order."""
    return [e for e in spec.get("situation", []) if e["kind"] == kind]


def ask(expert, text: str):
    """The structured question a sentence becomes, and its answer's value."""
    spec = expert.parse(text)
    return spec, expert.ask_spec(spec, text).value


def ask_answer(expert, text: str):
    """The structured question a sentence becomes, and the whole answer."""
    spec = expert.parse(text)
    return spec, expert.ask_spec(spec, text)
