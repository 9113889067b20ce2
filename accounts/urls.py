from django.contrib.auth import views as auth_views
from django.urls import URLPattern, path

from accounts import address_change_views as address_change
from accounts import views as accounts
from accounts.password_change import ChangePasswordView

# Django's own password reset, on our templates; asking is limited per address.
password_reset_urls: list[URLPattern] = [
    path(
        "accounts/password/reset/",
        accounts.LimitedPasswordResetView.as_view(),
        name="password_reset",
    ),
    path(
        "accounts/password/reset/sent/",
        auth_views.PasswordResetDoneView.as_view(),
        name="password_reset_done",
    ),
    path(
        "accounts/password/reset/<uidb64>/<token>/",
        accounts.UnpausingPasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "accounts/password/reset/done/",
        auth_views.PasswordResetCompleteView.as_view(),
        name="password_reset_complete",
    ),
]

urlpatterns = [
    path("accounts/signup/", accounts.signup, name="signup"),
    path("accounts/profile/", accounts.profile, name="profile"),
    path("accounts/password/", ChangePasswordView.as_view(), name="password_change"),
    path("accounts/login/", accounts.RememberingLoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/address/", accounts.confirmation_needed, name="confirm_address"),
    path("accounts/address/resend/", accounts.resend_confirmation, name="resend_confirmation"),
    path("accounts/address/<str:token>/", accounts.verify_email, name="verify_email"),
    path("accounts/address-change/cancel/", address_change.cancel, name="address_change_cancel"),
    path(
        "accounts/address-change/link/<str:token>/",
        address_change.change_link,
        name="address_change_link",
    ),
    *password_reset_urls,
]
