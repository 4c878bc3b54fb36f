"""Search finds units by name with typos forgiven, and by every stat filter."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardsmith.catalogue.search import SearchFilters, normalise, normalise_unicode
from cardsmith.catalogue.search_index import SearchIndex
from cardsmith.catalogue.store import Catalogue


@pytest.fixture(scope="module")
def full_index(full_catalogue_dir: Path) -> SearchIndex:
    with Catalogue.open(full_catalogue_dir) as catalogue:
        return catalogue.index()


@pytest.fixture()
def starter_index(tmp_path: Path) -> SearchIndex:
    with Catalogue.open(tmp_path) as catalogue:
        return catalogue.index()


def _names(
    index: SearchIndex, query: str, filters: SearchFilters | None = None, limit: int = 10
) -> list[str]:
    return [hit.row.name for hit in index.search(query, filters, limit=limit)]


def test_normalise() -> None:
    assert normalise("Mad Cat (Timber Wolf) Prime") == "madcattimberwolfprime"
    assert normalise("Alfar AL-D1 “Dökkálfar”") == "alfarald1dokkalfar"


@given(st.text(alphabet=st.characters(max_codepoint=0x7F)) | st.text())
def test_ascii_names_normalise_as_any_text_does(text: str) -> None:
    # ASCII takes a shorter way (no Unicode tables); it must end where the long way does.
    assert normalise(text) == normalise_unicode(text)


def test_exact_name_ranks_first(full_index: SearchIndex) -> None:
    assert _names(full_index, "Atlas AS7-D")[0] == "Atlas AS7-D"


def test_typo_finds_atlas(full_index: SearchIndex) -> None:
    names = _names(full_index, "atlsa")
    assert names and all(n.startswith("Atlas") for n in names[:5])


def test_other_name_finds_clan_mech(full_index: SearchIndex) -> None:
    names = _names(full_index, "timberwolf")
    assert names and all("Mad Cat (Timber Wolf)" in n for n in names)


def test_words_in_any_order(full_index: SearchIndex) -> None:
    assert _names(full_index, "sparky griffin")[0] == 'Griffin GRF-1E "Sparky"'


def test_accents_are_optional(full_index: SearchIndex) -> None:
    assert any("Dökkálfar" in n for n in _names(full_index, "dokkalfar"))


def test_nonsense_finds_nothing(full_index: SearchIndex) -> None:
    assert _names(full_index, "zzqxjvw") == []


def test_empty_query_lists_by_filter(full_index: SearchIndex) -> None:
    hits = full_index.search("", SearchFilters(types=frozenset({"PM"})), limit=0)
    assert len(hits) == 86
    assert all(h.row.type == "PM" for h in hits)


@pytest.mark.parametrize(
    ("filters", "check"),
    [
        (SearchFilters(types=frozenset({"BA"})), lambda r: r.type == "BA"),
        (SearchFilters(roles=frozenset({"missile boat"})), lambda r: r.role == "Missile Boat"),
        (SearchFilters(sizes=frozenset({4})), lambda r: r.size == 4),
        (SearchFilters(pv_min=40, pv_max=45), lambda r: 40 <= r.pv <= 45),
        (SearchFilters(move_min=16), lambda r: r.max_move >= 16),
        (
            SearchFilters(specials=frozenset({"IF", "ECM"})),
            lambda r: ",IF," in r.specials and ",ECM," in r.specials,
        ),
        (SearchFilters(eras=frozenset({13})), lambda r: r.era_id == 13),
        (SearchFilters(techs=frozenset({"clan"})), lambda r: r.technology == "Clan"),
        (SearchFilters(rules=frozenset({"introductory"})), lambda r: r.rules == "Introductory"),
        (SearchFilters(usable_only=True), lambda r: r.has_stats),
    ],
)
def test_each_filter(full_index: SearchIndex, filters: SearchFilters, check: object) -> None:
    hits = full_index.search("", filters, limit=0)
    assert hits, "the filter should match some real units"
    assert all(check(h.row) for h in hits)  # type: ignore[operator]
    # …and it really filtered: fewer than the whole catalogue.
    assert len(hits) < len(full_index)


KORVIN = 1816  # Korvin Tank KRV-2: AFC,BAR,TUR(1/2/0*,IF0*), IF only inside its turret


def test_turret_contents_count_for_special_filter(tmp_path: Path) -> None:
    with Catalogue.open(tmp_path) as catalogue:
        starter_index = catalogue.index()
    korvin = next(row for row in starter_index.rows if row.mul_id == KORVIN)
    assert ",IF," in korvin.specials  # stored with the turret's contents
    for wanted in ({"IF"}, {"TUR", "IF"}):
        hits = starter_index.search("", SearchFilters(specials=frozenset(wanted)), limit=0)
        assert KORVIN in {hit.row.mul_id for hit in hits}, wanted
    # …and the SQL search of the command line agrees.
    with Catalogue.open(tmp_path) as catalogue:
        found = catalogue.search("korvin", SearchFilters(specials=frozenset({"IF"}))).hits
    assert [hit.row.mul_id for hit in found] == [KORVIN]


def test_filters_combine_with_names(starter_index: SearchIndex) -> None:
    assert _names(starter_index, "griffin", SearchFilters(pv_min=33)) == ['Griffin GRF-1E "Sparky"']


@pytest.mark.parametrize(
    "query", ["", "atlas", "griffin", "mad cat", "timberwolf", "atlsa", "lrm", "zzqxjvw", "as7"]
)
@pytest.mark.parametrize(
    "filters",
    [
        SearchFilters(),
        SearchFilters(types=frozenset({"BM"}), pv_min=30, pv_max=50),
        SearchFilters(specials=frozenset({"IF"}), techs=frozenset({"clan"}), usable_only=True),
        SearchFilters(
            roles=frozenset({"sniper"}), eras=frozenset({13, 14}), rules=frozenset({"standard"})
        ),
        SearchFilters(sizes=frozenset({4}), move_min=8, available=frozenset({140, 144, 1295, 2})),
    ],
    ids=["none", "type-pv", "special-tech", "role-era-rules", "size-move-available"],
)
def test_sql_search_and_the_index_agree(
    full_catalogue_dir: Path, full_index: SearchIndex, query: str, filters: SearchFilters
) -> None:
    """The command line (SQL) and the app (index) list the same hits in the same order."""
    with Catalogue.open(full_catalogue_dir) as catalogue:
        from_sql = catalogue.search(query, filters, limit=0)
    from_index = full_index.find(query, filters, limit=0)
    assert [h.row.mul_id for h in from_sql.hits] == [h.row.mul_id for h in from_index.hits]
    assert [h.score for h in from_sql.hits] == [h.score for h in from_index.hits]
    assert from_sql.total == from_index.total
