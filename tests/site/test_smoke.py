import pytest


@pytest.mark.django_db
def test_home_page_renders_with_security_headers(client):
    response = client.get("/")
    assert response.status_code == 200
    assert "default-src 'self'" in response.headers["Content-Security-Policy"]
    assert response.headers["X-Frame-Options"] == "DENY"


@pytest.mark.django_db
def test_signup_page_is_served_by_allauth(client):
    assert client.get("/accounts/signup/").status_code == 200
