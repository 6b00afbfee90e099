"""Accounts: signing up; logging in and out and passwords use django.contrib.auth's views."""
