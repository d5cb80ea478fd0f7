"""The kit's release version (VER-1): VERSION's one line, written here by
tools/release/dist.py set-version. A leaf, so that the runner and the verifier can
name the version in what they answer (IMPL-1, VER-5)."""

__version__ = "2.0.0"
