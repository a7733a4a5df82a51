"""Tests of Russian Bank (rules/russian_bank.md): one module per group of rules."""
