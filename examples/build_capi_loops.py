"""Build ``capi_loops.pyx`` (a Cython module that cimports ``omaha8.capi``) and import it.

Usage: ``python examples/build_capi_loops.py DIR`` builds it in DIR. From
Python, :func:`build` returns the imported module. The build is the usual
cythonize + setuptools one; ``omaha8.get_include()`` is the folder that holds
``omaha8/capi.pxd``.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

EXAMPLE = Path(__file__).with_name("capi_loops.pyx")

SETUP = """
import omaha8
from Cython.Build import cythonize
from setuptools import Extension, setup

setup(
    ext_modules=cythonize([Extension("capi_loops", ["capi_loops.pyx"], extra_compile_args=["-O3"])],
                          include_path=[omaha8.get_include()], quiet=True),
    script_args=["build_ext", "--inplace", "--quiet"],
)
"""


def build(directory: str | os.PathLike[str]) -> ModuleType:
    """Compile ``capi_loops.pyx`` in ``directory`` and return the module."""
    where = Path(directory)
    shutil.copyfile(EXAMPLE, where / EXAMPLE.name)
    # the child sees the same omaha8 and Cython as this process
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
    done = subprocess.run([sys.executable, "-c", SETUP], cwd=where, env=env, capture_output=True, text=True)
    if done.returncode:
        raise RuntimeError(f"building capi_loops.pyx failed:\n{done.stdout}{done.stderr}")
    built = next(where.glob("capi_loops*.so"), None) or next(where.glob("capi_loops*.pyd"))
    spec = importlib.util.spec_from_file_location("capi_loops", built)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


if __name__ == "__main__":
    print(build(sys.argv[1] if len(sys.argv) > 1 else ".").__file__)
