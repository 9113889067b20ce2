"""Sign up and the profile page (the time zone deadlines are shown in)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme

from games import actions
from games.forms import ProfileForm, SignUpForm
from games.middleware import user_time_zone


def signup(request: HttpRequest) -> HttpResponse:
    form = SignUpForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        user = actions.sign_up(
            data["username"], data["email"], data["password1"], data["time_zone"]
        )
        login(request, user)
        return redirect(safe_next(request) or "dashboard")
    return render(request, "registration/signup.html", {"form": form})


def safe_next(request: HttpRequest) -> str:
    target = request.POST.get("next") or request.GET.get("next") or ""
    allowed = url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()})
    return target if allowed else ""


@login_required
def profile(request: HttpRequest) -> HttpResponse:
    initial = {"time_zone": user_time_zone(request)}
    form = ProfileForm(request.POST if request.method == "POST" else None, initial=initial)
    if request.method == "POST" and form.is_valid():
        actions.update_profile(request.user, form.cleaned_data["time_zone"])
        messages.success(request, "Saved. Deadlines are now shown in your time zone.")
        return redirect("profile")
    return render(request, "registration/profile.html", {"form": form})
