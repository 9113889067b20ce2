"""The site's pages of the API (its routes are api.routes, under /api/v1/)."""

from django.urls import path

from api import pages as api_pages

urlpatterns = [
    path("accounts/tokens/", api_pages.api_tokens, name="api_tokens"),
    path("accounts/tokens/<int:token_id>/revoke/", api_pages.revoke_token, name="api_token_revoke"),
]
