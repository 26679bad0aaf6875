"""Pictures of tensor operations: every tensor a grid of coloured, labelled cells.

The pictures of the tensor API handbook (`handbook/index.md`). Each cell shows
its value; its colour says which element of the input it came from, so after
``repeat_interleave`` the colours come in runs and after ``repeat`` they come in
cycles. A 1-D tensor is one row of cells, a 2-D tensor a grid and a 3-D tensor a
stack of 2-D slices labelled ``[0]``, ``[1]``, ... Under each grid is its shape.
Floats are written with two decimals, or one when every value of the tensor is
whole or one of them reaches 100; a crossed-out cell is dropped by a mask; dashed
borders mark a tensor that shares its memory with its source (a view, or the result
of ``detach()``).

``draw_tensors`` lays out any tensors you give it; the ``diagram_*`` functions
run one operation with PyTorch and draw its input and output. The colours are
found by running the same operation on the element numbers ``0, 1, 2, ...``
of the input, so they can never disagree with PyTorch; invalid arguments are
judged by PyTorch too (``_operands.torch_shape``).

Modules: ``panel`` (the ``TensorPanel`` model), ``_layout`` (sizes, computed once),
``drawing`` (cells, captions, arrows; ``draw_tensors``), and one module per family
of operations: ``sequences`` (arange, sort), ``tiling`` (repeat_interleave,
repeat, expand, broadcasting), ``shapes`` (reshape, transpose, unsqueeze, squeeze),
``products`` (matmul, bmm), ``masks`` (eye and boolean masks), ``learning``
(softmax, MSE loss, SGD step).
"""
