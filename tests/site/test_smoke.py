import pytest


@pytest.mark.django_db
def test_home_page_renders_with_security_headers(client):
    response = client.get("/")
    assert response.status_code == 200
    page = response.content.decode()
    assert 'href="/accounts/signup/"' in page and 'href="/accounts/login/"' in page
    assert "default-src 'self'" in response.headers["Content-Security-Policy"]
    assert response.headers["X-Frame-Options"] == "DENY"


@pytest.mark.django_db
def test_signup_page_is_served_by_allauth(client):
    response = client.get("/accounts/signup/")
    page = response.content.decode()
    assert response.status_code == 200
    for field in ("username", "email", "password1", "password2", "csrfmiddlewaretoken"):
        assert f'name="{field}"' in page, field
    assert 'action="/accounts/signup/"' in page
