"""Who imports whom in backend/, read from the source with ast (nothing is imported or run).

Every import counts, also one inside a function: a function-level import only hides a cycle
until the day someone moves it to the top.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Import:
    module: str  # the module that imports
    target: str  # the imported module, absolute ("backend.engine.money", "random", "flask")
    names: tuple[str, ...]  # `from target import names`; () for `import target`
    line: int

    def __str__(self) -> str:
        return f"{self.module}:{self.line} imports {self.target}" + (
            f" ({', '.join(self.names)})" if self.names else ""
        )


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules(package: str) -> dict[str, Path]:
    """Every module of a package (backend, backend.engine, …) by dotted name."""
    base = ROOT.joinpath(*package.split("."))
    return {module_name(p): p for p in sorted(base.rglob("*.py")) if "versions" not in p.parts}


def imports_of(module: str, path: Path, known: set[str]) -> list[Import]:
    is_package = path.name == "__init__.py"
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found += [Import(module, alias.name, (), node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                here = module.split(".") if is_package else module.split(".")[:-1]
                base = ".".join(here[: len(here) - node.level + 1] + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            names = tuple(alias.name for alias in node.names)
            if base == "__future__":
                continue
            # `from . import money` imports the submodule backend.engine.money
            subs = [f"{base}.{n}" for n in names if f"{base}.{n}" in known]
            if subs:
                found += [Import(module, sub, (), node.lineno) for sub in subs]
            else:
                found.append(Import(module, base, names, node.lineno))
    return found


def graph(package: str) -> dict[str, list[Import]]:
    found = modules(package)
    return {name: imports_of(name, path, set(found)) for name, path in found.items()}


def within(target: str, prefix: str) -> bool:
    return target == prefix or target.startswith(prefix + ".")


def cycles(edges: dict[str, list[Import]]) -> list[list[str]]:
    """Each import cycle among the given modules, once (as a path that returns to its start)."""
    inside = {m: sorted({i.target for i in imps if i.target in edges and i.target != m}) for m, imps in edges.items()}
    found: list[list[str]] = []
    state: dict[str, str] = {}  # "open" while on the current path, "done" after

    def visit(node: str, path: list[str]) -> None:
        state[node] = "open"
        for nxt in inside[node]:
            if state.get(nxt) == "open":
                found.append(path[path.index(nxt) :] + [node, nxt] if nxt in path else [node, nxt])
            elif nxt not in state:
                visit(nxt, path + [node])
        state[node] = "done"

    for start in sorted(inside):
        if start not in state:
            visit(start, [])
    return found
