# Types of the pybind11 extension uldp._core (python/src/core.cc), for mypy and editors. The
# package's Python layer (uldp/_api.py, uldp/_commands.py) is its only caller; the results are the
# workflows' JSON as plain Python values.
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence

import numpy
import numpy.typing

__version__: str

Json = Dict[str, Any]
IntArray = numpy.typing.NDArray[numpy.int64]

def mechanisms() -> List[Dict[str, str]]: ...
def mechanism(name: str, k: int, sensitive: Optional[Sequence[int]], eps: Optional[str],
              exp_eps: Optional[str], theta: Optional[str], block: Optional[int]) -> Json: ...
def check(rows: Sequence[Sequence[str]], sensitive: Optional[Sequence[int]],
          protected: Optional[Sequence[int]], eps: Optional[str], exp_eps: Optional[str],
          tolerance: Optional[str]) -> Json: ...
def check_binary64(q: numpy.typing.NDArray[Any],
                   sensitive: Optional[Sequence[int]], protected: Optional[Sequence[int]],
                   eps: Optional[str], exp_eps: Optional[str], tolerance: Optional[str]) -> Json: ...
def write_samples(path: str, inputs: IntArray, outputs: IntArray) -> None: ...
def conform_samples(reference: Mapping[str, object], text: str, alpha: float, power: float,
                    resolution: float, output_index: bool) -> Json: ...
def conform_sample_arrays(reference: Mapping[str, object], inputs: IntArray, outputs: IntArray,
                          alpha: float, power: float, resolution: float,
                          output_index: bool) -> Json: ...
def golden(reference: Mapping[str, object], cases: Optional[int], seed: int, n: Optional[int],
           counts: Optional[str], alpha: float, post: Optional[str], em_distance: Optional[str],
           em_gap: Optional[str], em_stop: float) -> Json: ...
def conform_plan(reference: Mapping[str, object], alpha: float, power: float, delta: float,
                 eps_excess: float) -> Json: ...
def estimate(mechanism: Mapping[str, object], reports: str, method: str, alpha: float,
             max_iterations: Optional[int], em_stop: Optional[str], accelerator: str) -> Json: ...
def loss(mechanism: Mapping[str, object], n: int, p: str, exact_l1: bool,
         vs_limit: bool) -> Json: ...
def conform_estimates(vectors: object, vectors_source: str,
                      theirs: Mapping[str, Mapping[str, Sequence[float]]], scale: str,
                      tolerance: Optional[str], em_tolerance: Optional[str]) -> Json: ...
def conform_client(reference: Mapping[str, object],
                   client: Callable[[List[int]], List[str]], alpha: float, power: float,
                   resolution: float, max_samples: int, first_look: int, violation_search: int,
                   output_index: bool) -> Json: ...
