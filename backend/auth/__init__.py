from .passwords import hash_password, verify_password
from .tokens import TokenError, find_token, mint_token, subject_token, token_value

__all__ = [
    "TokenError",
    "find_token",
    "hash_password",
    "mint_token",
    "subject_token",
    "token_value",
    "verify_password",
]
