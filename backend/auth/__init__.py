from .passwords import hash_password, verify_password
from .tokens import TokenError, find_token, mint_token, subject_token, token_value

__all__ = ["hash_password", "verify_password", "TokenError", "find_token", "mint_token",
           "subject_token", "token_value"]
