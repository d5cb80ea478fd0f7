import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
# Importable without installation, whichever directory pytest starts from.
for p in (os.path.join(os.path.dirname(HERE), "src"), HERE):
    if p not in sys.path:
        sys.path.insert(0, p)


def pytest_report_header(config):
    from pfkit import selfpoker_v1
    v = selfpoker_v1.numpy_version()
    return f"pfkit: NumPy {v if v else 'not importable'}; selfpoker backend {selfpoker_v1.resolve_backend()}"
