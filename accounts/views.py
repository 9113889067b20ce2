"""Accounts: sign up, the profile (address and time zone), and confirming the address."""

from __future__ import annotations

import math
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import PasswordResetForm
from django.contrib.auth.views import LoginView, PasswordResetConfirmView, PasswordResetView
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from accounts import actions
from accounts.address_change import ask_to_change, pending_change
from accounts.confirmation_email import ask_for_confirmation
from accounts.forms import ProfileForm, SignUpForm
from accounts.known_browsers import remember_browser
from accounts.middleware import user_time_zone
from accounts.models import AddressChange
from accounts.new_password import BY_RESET_LINK, after_new_password
from accounts.verification import (
    BadConfirmationLink,
    confirmed_owner,
    is_confirmed,
    read_confirmation,
)
from common import limits
from common.links import absolute_url
from postoffice.actions import confirm_address

PASSWORD_BACKEND = "accounts.signed_in.SignedInBackend"


class OwnersPasswordResetForm(PasswordResetForm):
    """Django's form, except that an address some account confirmed gets the
    link of that account only: another account that merely typed the same
    address (unconfirmed) gets none."""

    def get_users(self, email: str) -> Any:
        owner = confirmed_owner(email)
        return (u for u in super().get_users(email) if owner is None or u.pk == owner.pk)


class LimitedPasswordResetView(PasswordResetView):
    """Django's own password reset; each request that would send mail counts
    against the limit per address, and past it the form says why."""

    form_class = OwnersPasswordResetForm

    @property
    def extra_email_context(self) -> dict[str, str]:
        """The link goes out under the site's address (common.links), not the
        host the request named: a forged Host header must not steer it."""
        return {"site_url": absolute_url("")}

    def form_valid(self, form: Any) -> HttpResponse:
        try:
            limits.count_and_check(limits.PASSWORD_RESET, limits.by_address(self.request))
        except limits.LimitReached as reached:
            form.add_error(None, str(reached))
            page = self.render_to_response(self.get_context_data(form=form), status=429)
            return limits.with_retry_after(page, reached.retry_after)
        return super().form_valid(form)


class UnpausingPasswordResetConfirmView(PasswordResetConfirmView):
    """Django's own new-password form; a new password ends what the old one
    opened (sessions, API tokens) and lifts any pause on signing in to that
    account, as the pause page promises (accounts.new_password)."""

    def form_valid(self, form: Any) -> HttpResponse:
        response = super().form_valid(form)
        after_new_password(form.user, BY_RESET_LINK)
        return response


def signup(request: HttpRequest) -> HttpResponse:
    form = SignUpForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        try:
            limits.count_and_check(limits.SIGNUP, limits.by_address(request))
        except limits.LimitReached as reached:
            form.add_error(None, str(reached))
            page = render(request, "registration/signup.html", {"form": form}, status=429)
            return limits.with_retry_after(page, reached.retry_after)
        data = form.cleaned_data
        user = actions.sign_up(
            data["username"], data["email"], data["password1"], data["time_zone"]
        )
        login(request, user, backend=PASSWORD_BACKEND)
        messages.info(
            request,
            f"Welcome! We sent a link to {user.email}: follow it to receive game email.",
        )
        response = redirect(safe_next(request) or "dashboard")
        remember_browser(response, user)
        return response
    return render(request, "registration/signup.html", {"form": form})


def safe_next(request: HttpRequest) -> str:
    target = request.POST.get("next") or request.GET.get("next") or ""
    allowed = url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()})
    return target if allowed else ""


@login_required
def profile(request: HttpRequest) -> HttpResponse:
    user: Any = request.user
    initial = {"time_zone": user_time_zone(request), "email": user.email}
    data = request.POST if request.method == "POST" else None
    form = ProfileForm(data, initial=initial, request=request)
    if request.method == "POST" and form.is_valid():
        actions.update_profile(user, form.cleaned_data["time_zone"])
        change = ask_to_change(user, form.cleaned_data["email"] or user.email)
        if change is not None:
            messages.info(request, _links_sent(change))
        else:
            messages.success(request, "Saved. Deadlines are now shown in your time zone.")
        return redirect("profile")
    context = {"form": form, "pending": pending_change(user)}
    return render(request, "registration/profile.html", context)


def _links_sent(change: AddressChange) -> str:
    if change.old_confirmed is not None:  # the old address was never confirmed
        return f"Saved. Follow the link we sent to {change.new_email} to move your account there."
    return (
        f"Saved. We sent links to {change.new_email} and to {change.old_email}: your "
        "account moves to the new address once both are confirmed."
    )


@login_required
def confirmation_needed(request: HttpRequest) -> HttpResponse:
    """Where an unconfirmed player learns why no game email comes, and asks again."""
    context = {"confirmed": is_confirmed(request.user)}
    return render(request, "registration/confirm_address.html", context)


@login_required
@require_POST
@limits.limit_posts(limits.VERIFICATION)
def resend_confirmation(request: HttpRequest) -> HttpResponse:
    user: Any = request.user
    ask_for_confirmation(user)
    messages.info(request, f"We sent a new link to {user.email}.")
    return redirect("confirm_address")


def verify_email(request: HttpRequest, token: str) -> HttpResponse:
    """The link from the email: works signed in or not, as people open mail anywhere."""
    try:
        confirmation = read_confirmation(token)
    except BadConfirmationLink as bad:
        context = {"error": str(bad), "confirmed": False}
        return render(request, "registration/confirm_address.html", context, status=400)
    released = confirm_address(confirmation.user, confirmation.email)
    context = {"confirmed": True, "just_confirmed": confirmation.email, "released": released}
    return render(request, "registration/confirm_address.html", context)


def locked_out(
    request: HttpRequest, response: object = None, credentials: object = None
) -> HttpResponse:
    """django-axes' answer to a sign-in (or a password check) while that
    (account, address) or address is paused, or the account slowed: at once,
    saying when to try again (accounts.signin_throttle)."""
    cooloff = int(settings.AXES_COOLOFF_TIME.total_seconds())
    # Not set when this very failure started the pause: it lasts the whole cool-off.
    wait = getattr(request, "signin_retry_after", cooloff)
    context = {
        "failure_limit": settings.AXES_FAILURE_LIMIT,
        "address_limit": settings.LOGIN_ADDRESS_FAILURE_LIMIT,
        "cooloff_minutes": cooloff // 60,
        "slowed": getattr(request, "signin_slowed", False),
        "wait_seconds": wait,
        "wait_minutes": math.ceil(wait / 60),
    }
    page = render(request, "registration/locked_out.html", context, status=429)
    return limits.with_retry_after(page, wait)


class RememberingLoginView(LoginView):
    """Django's sign-in page; a browser that signs in is remembered as the
    account's, so the account's slowdown never stops it (accounts.known_browsers)."""

    def form_valid(self, form: Any) -> HttpResponse:
        response = super().form_valid(form)
        remember_browser(response, form.get_user())
        return response
