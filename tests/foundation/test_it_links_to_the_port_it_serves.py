"""With SITE_URL unset, `manage.py rundev` gives its services the address it
serves at, port included, so links in email lead back to that server; a
SITE_URL that is set is kept."""

from __future__ import annotations

import pytest

from fogdip.management.commands.rundev import service_environment


@pytest.mark.parametrize(
    ("address", "site"),
    [
        ("127.0.0.1:8000", "http://127.0.0.1:8000"),
        ("127.0.0.1:8123", "http://127.0.0.1:8123"),
        ("0.0.0.0:9000", "http://127.0.0.1:9000"),
        ("8080", "http://127.0.0.1:8080"),
    ],
)
def test_links_carry_the_port_served(address: str, site: str) -> None:
    assert service_environment(address, {"PATH": "/bin"}) == {"PATH": "/bin", "SITE_URL": site}


def test_a_site_url_set_is_kept() -> None:
    given = {"SITE_URL": "https://fogdip.example"}
    assert service_environment("127.0.0.1:8123", given) == given
