"""Changing the password while signed in: Django's own page and form, with
the current password checked as a sign-in is (counted by the sign-in
throttle), and what a new password ends (accounts.new_password): every
other session of the person and their API tokens; this session stays."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.forms import PasswordChangeForm
from django.contrib.auth.views import PasswordChangeView
from django.http import HttpRequest, HttpResponse
from django.urls import reverse_lazy

from accounts.new_password import ON_THE_SITE, after_new_password
from accounts.signin_throttle import password_is_right


class CountedPasswordChangeForm(PasswordChangeForm):
    """Django's form; a wrong current password counts towards the same pauses
    as a wrong sign-in, so a session left open is no place to guess."""

    def __init__(self, user: Any, *args: Any, request: HttpRequest, **kwargs: Any) -> None:
        super().__init__(user, *args, **kwargs)
        self.request = request

    def clean_old_password(self) -> str:
        old_password: str = self.cleaned_data["old_password"]
        if not password_is_right(self.request, self.user, old_password):
            raise forms.ValidationError(
                self.error_messages["password_incorrect"], code="password_incorrect"
            )
        return old_password


class ChangePasswordView(PasswordChangeView):
    form_class = CountedPasswordChangeForm
    template_name = "registration/password_change.html"
    success_url = reverse_lazy("profile")

    def get_form_kwargs(self) -> dict[str, Any]:
        return {**super().get_form_kwargs(), "request": self.request}

    def form_valid(self, form: Any) -> HttpResponse:
        response = super().form_valid(form)  # saves it; this session stays signed in
        after_new_password(form.user, ON_THE_SITE, keep_session=self.request.session.session_key)
        messages.success(
            self.request,
            "Your password is changed. Every other browser was signed out and your API "
            "tokens were revoked; we told your address.",
        )
        return response
