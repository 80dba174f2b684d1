"""`pnpforge schema`: a JSON Schema generated from the declarative format that `validate` enforces,
checked here with the independent `jsonschema` library against every bundled and example game."""

from __future__ import annotations

import json

import pytest
import yaml

from generator.cli.commands import cli
from tests.conftest import ROOT

jsonschema = pytest.importorskip("jsonschema")

COMMITTED = ROOT / "docs" / "pnpforge.schema.json"
GAME_FILES = sorted([*(ROOT / "data").glob("*/*.yaml"), *(ROOT / "docs").glob("example-*/*.yaml")])


@pytest.fixture(scope="module")
def validator():
    from generator.model.schema_json import json_schema

    schema = json_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def _errors(validator, doc):
    return sorted(e.message for e in validator.iter_errors(doc))


def test_the_committed_schema_is_what_pnpforge_schema_writes(runner):
    result = runner.invoke(cli, ["schema"])
    assert result.exit_code == 0
    assert json.loads(result.output) == json.loads(COMMITTED.read_text()), \
        "docs/pnpforge.schema.json is stale: run python3 -m generator schema --out docs/pnpforge.schema.json"


def test_both_example_games_point_their_editor_at_the_schema():
    for game in ("example-game", "example-wargame"):
        first = (ROOT / "docs" / game / "game.yaml").read_text().splitlines()[0]
        assert first == "# yaml-language-server: $schema=../pnpforge.schema.json"


@pytest.mark.parametrize("path", GAME_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_bundled_and_example_game_file_is_valid_against_the_schema(validator, path):
    if path.parent.name == "kingdom":
        pytest.skip("the kingdom's rules file is read by the solo engine, not as a game file")
    doc = yaml.safe_load(path.read_text())
    assert _errors(validator, doc) == []


@pytest.mark.parametrize("change, expected", [
    (lambda d: d["components"][0].update(size_inch=1), "Additional properties are not allowed ('size_inch'"),
    (lambda d: d["components"][0].pop("kind"), "is not valid under any of the given schemas"),
    (lambda d: d["components"][1].update(kind="tokne"), "'tokne' is not one of"),
    (lambda d: d["components"][0]["items"][0].update(count=-1), "-1 is less than the minimum of 0"),
    (lambda d: d["game"].update(id=False), "False is not of type 'string'"),
    (lambda d: d["components"].append({"id": "m", "name": "M", "kind": "generated", "generator": "homeland",
                                       "params": {"counts": {"a": 1}, "off_edge": "a", "colums": 3}}),
     "Additional properties are not allowed ('colums'"),
    (lambda d: d["components"][0].update(name="Frogs {icon:frog}"), "does not match"),  # a name is plain text
])
def test_what_validate_refuses_the_schema_refuses_too(validator, runner, tmp_path, change, expected):
    doc = yaml.safe_load((ROOT / "docs" / "example-game" / "game.yaml").read_text())
    change(doc)
    messages = _errors(validator, doc)
    assert any(expected in m for m in messages) or any(
        expected in str(e) for e in validator.iter_errors(doc)), messages
    folder = tmp_path / "g"
    folder.mkdir()
    (folder / "game.yaml").write_text(yaml.safe_dump(doc, sort_keys=False))
    result = runner.invoke(cli, ["validate", str(folder)])
    assert result.exit_code == 1, result.output


def test_schema_out_refuses_to_overwrite_someone_elses_file(runner, tmp_path):
    other = tmp_path / "notes.json"
    other.write_text("{\"mine\": true}")
    result = runner.invoke(cli, ["schema", "--out", str(other)])
    assert result.exit_code == 2 and "not overwriting" in result.output
    assert other.read_text() == "{\"mine\": true}"
    ours = tmp_path / "pnpforge.schema.json"
    assert runner.invoke(cli, ["schema", "--out", str(ours)]).exit_code == 0
    assert runner.invoke(cli, ["schema", "--out", str(ours)]).exit_code == 0  # ours: rewritten
    assert json.loads(ours.read_text())["title"] == "pnpforge game data"


def test_every_key_in_the_schema_carries_its_meaning_where_the_format_gives_one(validator):
    from generator.model.schema_json import json_schema

    params = json_schema()["$defs"]["homeland-params"]["properties"]
    assert "board's edge" in params["off_edge"]["description"]
