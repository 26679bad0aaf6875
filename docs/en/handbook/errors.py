# %% [markdown]
# # Error message index: paste the error into the search box
#
# Copy the line of your traceback that starts with the error's type and a colon
# (`RuntimeError:`, `TypeError:`, …; usually the last line; Jupyter's header names the type
# too, but without a colon) and paste it into the search box at the top of the page (on a
# phone, tap the magnifier first), or look for it in the lists below: each group opens with
# a line naming the entries this chapter meets most often.
#
# Each entry gives the message (as PyTorch 2.13 or the tutorial's package printed it when the
# site was built), its cause, a fix and the pages that explain it. A `…` in a heading stands
# for what depends on your code (shapes, lengths, dtypes, subscript letters): your numbers
# will usually differ. Each entry's code runs on its own after the first code cell.
# %%
import functools

import numpy as np
import torch
import torch.nn.functional as F
from torch import nn

import attention_tutorial as at

# runs a failing block and prints its
# error, wrapped at 40 columns so that
# a phone shows it: yours is one line
# (but normal()'s list of signatures):
# paste that line
prints_error = functools.partial(
    at.prints_error,
    width=40,
)

_ = torch.manual_seed(at.SEED)

# %% [markdown]
# ## Shapes that do not fit
#
# Most likely in this chapter: [mat1 and mat2 shapes cannot be multiplied](#mat1-and-mat2-shapes-cannot-be-multiplied), [The size of tensor a (…) must match the size of tensor b (…) at non-singleton dimension …](#the-size-of-tensor-a--must-match-the-size-of-tensor-b--at-non-singleton-dimension-) and [shape '[…]' is invalid for input of size …](#shape--is-invalid-for-input-of-size-).
#
# The entries of this group:
#
# - [mat1 and mat2 shapes cannot be multiplied](#mat1-and-mat2-shapes-cannot-be-multiplied)
# - [inconsistent tensor size, expected tensor […] and src […] to have the same number of elements, but got … and … elements respectively](#inconsistent-tensor-size-expected-tensor--and-src--to-have-the-same-number-of-elements-but-got--and--elements-respectively)
# - [size mismatch, got input (…), mat (…), vec (…)](#size-mismatch-got-input--mat--vec-)
# - [batch1 must be a 3D tensor](#batch1-must-be-a-3d-tensor)
# - [Expected size for first two dimensions of batch2 tensor to be: […] but got: […].](#expected-size-for-first-two-dimensions-of-batch2-tensor-to-be--but-got-)
# - [einsum(): subscript … which does not broadcast with previously seen size …](#einsum-subscript--which-does-not-broadcast-with-previously-seen-size-)
# - [einsum(): the number of subscripts in the equation (…) does not match the number of dimensions (…)](#einsum-the-number-of-subscripts-in-the-equation--does-not-match-the-number-of-dimensions-)
# - [einsum(): more operands were provided than specified in the equation](#einsum-more-operands-were-provided-than-specified-in-the-equation)
# - [The size of tensor a (…) must match the size of tensor b (…) at non-singleton dimension …](#the-size-of-tensor-a--must-match-the-size-of-tensor-b--at-non-singleton-dimension-)
# - [The expanded size of the tensor (…) must match the existing size (…)](#the-expanded-size-of-the-tensor--must-match-the-existing-size-)
# - [unsupported operation: more than one element of the written-to tensor refers to a single memory location](#unsupported-operation-more-than-one-element-of-the-written-to-tensor-refers-to-a-single-memory-location)
# - [shape '[…]' is invalid for input of size …](#shape--is-invalid-for-input-of-size-)
# - [view size is not compatible with input tensor's size and stride](#view-size-is-not-compatible-with-input-tensors-size-and-stride)
# - [Dimension out of range](#dimension-out-of-range)
# - [invalid index of a 0-dim tensor](#invalid-index-of-a-0-dim-tensor)
# - [repeats must have the same size as input along dim](#repeats-must-have-the-same-size-as-input-along-dim)
# - [Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor](#number-of-dimensions-of-repeat-dims-can-not-be-smaller-than-number-of-dimensions-of-tensor)
#
# ### mat1 and mat2 shapes cannot be multiplied
#
# - **Cause**: the right operand is a 2-D matrix and the size of the left operand's last
#   axis is not the right one's number of rows. The message writes each shape as “rows x
#   columns”; how it writes the left one depends on what the left operand is:
#     - a 2-D matrix (`torch.matmul`, `@`, `torch.mm`): both shapes as they are, `2x3 and 2x3` (the first message below);
#     - a 1-D vector: read as a one-row matrix first, so written `1x…` (the second message);
#     - a stack of matrices (3-D or more): the batch dimensions folded into the rows, so `(4, 2, 3) @ (2, 3)` reports `8x3 and 2x3` (the third message);
#     - the input of an `nn.Linear`, its last dimension not `in_features`: the right operand is the layer's weight transposed, `layer.weight.T`, of shape `(in_features, out_features)` (the weight itself is `(out_features, in_features)`); a 3-D input's batch is folded into the rows the same way (the fourth message).
# - **Fix**: print both `.shape`s and find the one to transpose (`.T`) or swap.
#   The input of an `nn.Linear`: make `in_features` the input's last dimension (3 here), or
#   check the input's shape.
# - **Explained in**: [the pitfalls of torch.matmul](matmul.py#pitfalls);
#   [the pitfalls of nn.Linear](linear.py#pitfalls).
# - **Other wordings of the same mistake** (the summed axis has one size on the left, as its last axis, and another on the right, as its rows):
#     - more than two dimensions on the right: [Expected size for first two dimensions of batch2 tensor to be: […] but got: […].](#expected-size-for-first-two-dimensions-of-batch2-tensor-to-be--but-got-)
#     - two 1-D vectors of different lengths: [inconsistent tensor size, expected tensor […] and src […] to have the same number of elements, but got … and … elements respectively](#inconsistent-tensor-size-expected-tensor--and-src--to-have-the-same-number-of-elements-but-got--and--elements-respectively)
#     - a 1-D vector on the right: [size mismatch, got input (…), mat (…), vec (…)](#size-mismatch-got-input--mat--vec-)

# %%
A = torch.ones(2, 3)  # (2, 3)
with prints_error(RuntimeError):
    # (2, 3) @ (2, 3): 3 != 2
    torch.matmul(A, A)
with prints_error(RuntimeError):
    # (3,) @ (2, 3): the vector is read
    # as one row, (1, 3)
    torch.matmul(torch.ones(3), A)
# (4, 2, 3): a batch on the left
stack = torch.ones(4, 2, 3)
with prints_error(RuntimeError):
    # (4, 2, 3) @ (2, 3): the batch is
    # folded into the rows, (8, 3)
    torch.matmul(stack, A)
# in_features 2, but the last axis is 3
layer = nn.Linear(2, 3)
with prints_error(RuntimeError):
    # (4, 2, 3) input: folded, (8, 3)
    layer(stack)

# %% [markdown]
# ### inconsistent tensor size, expected tensor […] and src […] to have the same number of elements, but got … and … elements respectively
#
# - **Cause**: the product of two 1-D tensors (`torch.matmul`, `@` or `torch.dot`) is a dot
#   product, which needs two vectors of the same length; the message gives the two lengths in
#   turn.
# - **Fix**: print both `.shape`s; if the vectors should have had the same length, check whether
#   `n_train` and `n_test` were mixed up.
# - **Explained in**: [the pitfalls of torch.matmul](matmul.py#pitfalls): its 1-D · 1-D
#   example prints this very message.

# %%
with prints_error(RuntimeError):
    # (3,) @ (2,): a dot product of
    # vectors of different lengths
    torch.matmul(
        torch.ones(3),
        torch.ones(2),
    )

# %% [markdown]
# ### size mismatch, got input (…), mat (…), vec (…)
#
# - **Cause**: a matrix times a vector whose length is not the matrix's number of columns.
#   In the message, `mat (…)` and `vec (…)` are the shapes of the matrix and the vector;
#   `input (…)` is the tensor PyTorch keeps the result in (one entry per row of the
#   matrix): ignore it. With a stack of matrices on the left, the batch dimensions are
#   folded into the rows: `(4, 2, 3) @ (2,)` says `input (8), mat (8x3), vec (2)` (the
#   second message below).
# - **Fix**: the vector's length must be the left side's last dimension, `A.shape[-1]`
#   (a stack on the left too); check that the numbers of queries and keys are not swapped.
# - **Explained in**: [the pitfalls of torch.matmul](matmul.py#pitfalls).

# %%
A = torch.ones(2, 3)  # (2, 3)
with prints_error(RuntimeError):
    # (2, 3) @ (2,)
    torch.matmul(A, torch.ones(2))
# (4, 2, 3): a batch on the left
stack = torch.ones(4, 2, 3)
with prints_error(RuntimeError):
    # (4, 2, 3) @ (2,): the batch is
    # folded into the rows, (8, 3)
    torch.matmul(stack, torch.ones(2))

# %% [markdown]
# ### batch1 must be a 3D tensor
#
# - **Cause**: `torch.bmm` takes 3-D tensors only, `(batch, rows, columns)`; the
#   `unsqueeze` was forgotten.
# - **Fix**: `torch.bmm(weights.unsqueeze(1), values.unsqueeze(-1))`, that is
#   `(n, 1, k) @ (n, k, 1)`.
# - **Explained in**: [the pitfalls of torch.bmm](bmm.py#pitfalls);
#   [parametric attention pooling: batch matrix multiplication](../parametric.py#batch-matrix-multiplication).

# %%
# (n_queries, n_keys) each
weights = torch.full((3, 2), 0.5)
values = torch.ones(3, 2)
with prints_error(RuntimeError):
    # 2-D, not 3-D
    torch.bmm(weights, values)

# %% [markdown]
# ### Expected size for first two dimensions of batch2 tensor to be: […] but got: […].
#
# - **Cause**: three cases give this message:
#     - `bmm` (the first message below): the first two dimensions of its second argument
#       (PyTorch calls it `batch2`) must be (batch size, columns of the first argument); the
#       values were unsqueezed in the wrong place, or the two batch sizes differ (`bmm` does
#       not broadcast).
#     - `torch.matmul` or `@` with more than two dimensions on the right (the second message):
#       PyTorch hands the work to `bmm` inside, and `batch2` is the stack on the right; the
#       left operand's last axis is not the number of rows of its matrices.
#     - more than one batch axis (the third message): the batch size in the message is the
#       product of the broadcast batch axes, a number found nowhere in your shapes:
#       `(4, 1, 2, 3) @ (5, 2, 3)` reports `[20, 3] but got: [20, 2]`, 20 = 4 × 5.
# - **Fix**: from `bmm` (the first message below), write the values as
#   `values.unsqueeze(-1)`; if one batch size is 1, use `torch.matmul`, which broadcasts it;
#   otherwise the two batch sizes should be equal (check `n_train` and `n_test`).
#   From `torch.matmul` or `@` (the second and third), the left side's last axis must equal
#   the number of rows of each matrix on the right: print the `.shape` of both sides and see
#   whether one of them should be transposed.
# - **Explained in**: [the pitfalls of torch.bmm](bmm.py#pitfalls);
#   [the pitfalls of torch.matmul](matmul.py#pitfalls) (`@` with more than two dimensions on the right).

# %%
# (n_queries, n_keys) each
weights = torch.full((3, 2), 0.5)
values = torch.ones(3, 2)
with prints_error(RuntimeError):
    # (3, 1, 2) @ (3, 1, 2)
    torch.bmm(
        weights.unsqueeze(1),
        values.unsqueeze(1),
    )
with prints_error(RuntimeError):
    # (2, 3) @ (4, 2, 3): 3 != 2; a 3-D
    # right side goes to bmm
    torch.matmul(
        torch.ones(2, 3),
        torch.ones(4, 2, 3),
    )
with prints_error(RuntimeError):
    # (2, 3) @ (2, 3): 3 != 2; the batch
    # shapes (4, 1), (5,) broadcast to
    # (4, 5): 20 matrices
    torch.matmul(
        torch.ones(4, 1, 2, 3),
        torch.ones(5, 2, 3),
    )

# %% [markdown]
# ### einsum(): subscript … which does not broadcast with previously seen size …
#
# - **Cause**: one subscript letter (here `k`) has two different sizes in two operands.
#   Older PyTorch versions worded this “einsum(): operands do not broadcast with remapped
#   shapes [original->remapped]”; PyTorch 2.13 says the sentence printed below, naming the letter and the sizes.
# - **Fix**: make all axes that share a letter the same size, or use a different letter.
# - **Explained in**: [the pitfalls of torch.einsum](einsum.py#pitfalls).

# %%
with prints_error(RuntimeError):
    # k is 2, then 3
    torch.einsum(
        "qk,qk->q",
        torch.ones(3, 2),
        torch.ones(3, 3),
    )

# %% [markdown]
# ### einsum(): the number of subscripts in the equation (…) does not match the number of dimensions (…)
#
# - **Cause**: an operand's group of letters must have one letter per dimension of its
#   tensor.
# - **Fix**: write one letter per dimension, or `squeeze` the extra axes of size 1 first.
# - **Explained in**: [the pitfalls of torch.einsum](einsum.py#pitfalls).

# %%
with prints_error(RuntimeError):
    x = torch.ones(3, 2, 1)
    # 2 letters, 3 dimensions
    torch.einsum("qk->q", x)

# %% [markdown]
# ### einsum(): more operands were provided than specified in the equation
#
# - **Cause**: the equation has fewer groups of letters (separated by commas) than tensors
#   were passed. With one tensor too few, the message says `fewer operands were provided than
#   specified in the equation`.
# - **Fix**: one group of letters per tensor: add the missing group, or drop the extra tensor.
# - **Explained in**: [the pitfalls of torch.einsum](einsum.py#pitfalls).

# %%
with prints_error(RuntimeError):
    # 2 groups of letters, 3 tensors
    a = torch.ones(3, 2)
    torch.einsum("qk,qk->q", a, a, a)

# %% [markdown]
# ### The size of tensor a (…) must match the size of tensor b (…) at non-singleton dimension …
#
# - **Cause**: the two shapes of an elementwise operation (`+ - * /`, `torch.where`, the
#   mask of `masked_fill`), or the batch dimensions of the two sides of `torch.matmul`, do
#   not broadcast: aligned from the right, some dimension has two sizes that are neither
#   equal nor 1. The two numbers in brackets are the two sizes in that dimension: tensor a
#   and tensor b are usually the left and right sides, but in `masked_fill` tensor a is the
#   mask (`scores.masked_fill(mask, …)` reports the mask's size first). The
#   dimension's number counts, after the alignment, from the left of the longer shape
#   (from 0): `(3,) - (2,)` reports dimension 0 (the first message below), `(2, 3) - (2,)`
#   dimension 1 (the second).
# - **Fix**: give one operand an axis of size 1, e.g. `queries[:, None] - keys` is
#   `(3, 2)`; or check whether both should have had the same length (`n_train` used for
#   `n_test`, say).
# - **Explained in**: [the pitfalls of broadcasting](expand.py#pitfalls_1);
#   [the pitfalls of torch.where](where.py#pitfalls);
#   [the pitfalls of masked_fill](masked-fill.py#pitfalls);
#   [the pitfalls of torch.matmul](matmul.py#pitfalls) (the batched case);
#   [non-parametric attention pooling: can queries and keys be swapped?](../nonparametric.py#can-queries-and-keys-be-swapped)

# %%
# (3,)
queries = torch.tensor([0.0, 1.0, 2.0])
keys = torch.tensor([0.0, 0.5])  # (2,)
with prints_error(RuntimeError):
    queries - keys  # (3,) - (2,)
# (2, 3) - (2,): aligned from the right,
# 3 and 2 clash in dimension 1
table = torch.ones(2, 3)
with prints_error(RuntimeError):
    table - keys

# %% [markdown]
# ### The expanded size of the tensor (…) must match the existing size (…)
#
# - **Cause**: `expand` can only stretch axes of size 1.
# - **Fix**: `unsqueeze` an axis of size 1 where the stretching should happen, and expand
#   that. In the example below, `x.unsqueeze(-1).expand(3, 4)` first makes the `(3,)` a
#   column `(3, 1)`, then stretches that column to 4 columns; `unsqueeze(0)` gives a row
#   `(1, 3)`, and 3 still does not match 4. Or use `repeat`, which copies.
# - **Explained in**: [the pitfalls of Tensor.expand](expand.py#pitfalls).

# %%
with prints_error(RuntimeError):
    # the last axis has size 3, not 1
    torch.tensor([1, 2, 3]).expand(3, 4)

# %% [markdown]
# ### unsupported operation: more than one element of the written-to tensor refers to a single memory location
#
# - **Cause**: in the result of `expand` several cells share one element in memory, so an
#   [in-place operation](../glossary.md#in-place-operation) (its name ends in `_`) cannot write each cell.
# - **Fix**: `.clone()` first, as the message says, or use the operation without the
#   underscore to get a new tensor.
# - **Explained in**: [the pitfalls of Tensor.expand](expand.py#pitfalls).

# %%
with prints_error(RuntimeError):
    x = torch.tensor([[1], [2], [3]])
    # each row: 4 cells, 1 element
    x.expand(3, 4).add_(1)

# %% [markdown]
# ### shape '[…]' is invalid for input of size …
#
# - **Cause**: the sizes of the new shape must multiply to the number of elements, `-1`
#   or not. Elements picked by a boolean mask cannot be cut back into rows either if the
#   rows kept different numbers of them.
# - **Fix**: check `x.numel()`; a leave-one-out mask must drop exactly one element per row.
# - **Explained in**: [the pitfalls of reshape](reshape.py#pitfalls);
#   [the pitfalls of boolean mask indexing](mask.py#pitfalls_1).

# %%
with prints_error(RuntimeError):
    # 6 elements do not fill rows of 4
    torch.arange(6).reshape(4, -1)

# %% [markdown]
# ### view size is not compatible with input tensor's size and stride
#
# - **Cause**: `view` never copies, and a view such as a transpose is not laid out row by
#   row in memory.
# - **Fix**: use `reshape`, as the message says (it copies when it must), or
#   `.contiguous().view(...)`.
# - **Explained in**: [the pitfalls of Tensor.view](reshape.py#pitfalls_1).

# %%
with prints_error(RuntimeError):
    x = torch.arange(6).reshape(2, 3)
    # t() is a view with swapped strides
    x.t().view(-1)

# %% [markdown]
# ### Dimension out of range
#
# - **Cause**: `dim` is beyond the tensor's dimensions. A 2-D tensor has `dim=0` and `1`
#   (or `-2` and `-1`); `x.unsqueeze(dim)` accepts `dim` up to `x.dim()` (its result has one
#   more axis), and no more.
# - **Fix**: print `x.dim()`; attention weights are normalised along each row: `dim=1` or
#   `dim=-1`.
# - **Explained in**: [the pitfalls of softmax](softmax.py#pitfalls);
#   [the pitfalls of Tensor.unsqueeze](squeeze.py#pitfalls).

# %%
# (n_queries, n_keys)
scores = torch.zeros(2, 3)
with prints_error(IndexError):
    # a 2-D tensor has dims 0, 1
    # (or -2, -1)
    F.softmax(scores, dim=2)

# %% [markdown]
# ### invalid index of a 0-dim tensor
#
# - **Cause**: `squeeze()` removed every axis of size 1 and left a 0-d tensor, which has
#   no axis to index.
# - **Fix**: `reshape(-1)` gives a 1-D vector (the chapter's way), or `.item()` gives the
#   number.
# - **Explained in**: [the pitfalls of Tensor.squeeze](squeeze.py#pitfalls_1).

# %%
# (1, 1, 1): bmm's result for one query
y_hat = torch.ones(1, 1, 1)
with prints_error(IndexError):
    # squeeze() left a 0-d tensor
    y_hat.squeeze()[0]

# %% [markdown]
# ### repeats must have the same size as input along dim
#
# - **Cause**: repeat counts given as a tensor need one count per element along `dim`.
# - **Fix**: the counts' length must be `x.shape[dim]` (`x.numel()` when `dim=None`), or
#   give a single int.
# - **Explained in**: [the pitfalls of repeat_interleave](repeat.py#pitfalls).

# %%
with prints_error(RuntimeError):
    x = torch.tensor([1, 2, 3])
    counts = torch.tensor([1, 2])
    # 3 elements, 2 counts
    x.repeat_interleave(counts)

# %% [markdown]
# ### Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor
#
# - **Cause**: `Tensor.repeat` needs a count for every axis; missing counts are not
#   filled in.
# - **Fix**: `x.repeat(2, 1)` tiles twice along axis 0; the chapter writes
#   `x_train.repeat((n_train, 1))`.
# - **Explained in**: [the pitfalls of Tensor.repeat](repeat.py#pitfalls_1).

# %%
with prints_error(RuntimeError):
    # 2 axes, 1 count
    torch.ones(2, 3).repeat(2)

# %% [markdown]
# ## The wrong type
#
# Most likely in this chapter: [addmv input tensors must have the same dtype, but got …](#addmv-input-tensors-must-have-the-same-dtype-but-got-), [tensors used as indices must be long, int, byte or bool tensors](#tensors-used-as-indices-must-be-long-int-byte-or-bool-tensors) and [expected scalar type Float but found Double](#expected-scalar-type-float-but-found-double).
#
# The entries of this group:
#
# - [masked_fill_ only supports boolean masks](#masked_fill_-only-supports-boolean-masks)
# - [tensors used as indices must be long, int, byte or bool tensors](#tensors-used-as-indices-must-be-long-int-byte-or-bool-tensors)
# - [expected scalar type Float but found Double](#expected-scalar-type-float-but-found-double)
# - [addmv input tensors must have the same dtype, but got …](#addmv-input-tensors-must-have-the-same-dtype-but-got-)
# - [mat1 and mat2 must have the same dtype](#mat1-and-mat2-must-have-the-same-dtype)
# - [expected m1 and m2 to have the same dtype](#expected-m1-and-m2-to-have-the-same-dtype)
# - [dot : expected both vectors to have same dtype, but found …](#dot--expected-both-vectors-to-have-same-dtype-but-found-)
# - ["softmax_lastdim_kernel_impl" not implemented for 'Long'](#softmax_lastdim_kernel_impl-not-implemented-for-long)
# - [rand(): argument 'size' (position 1) must be tuple of ints, not float](#rand-argument-size-position-1-must-be-tuple-of-ints-not-float)
# - [normal() received an invalid combination of arguments](#normal-received-an-invalid-combination-of-arguments)
# - ['torch.return_types.sort' object has no attribute 'numpy'](#torchreturn_typessort-object-has-no-attribute-numpy)
#
# ### masked_fill_ only supports boolean masks
#
# - **Cause**: the mask must be boolean, and `torch.eye(n)` is a float tensor. The
#   message says `masked_fill_`; `masked_fill` without the underscore says the same.
# - **Fix**: `mask.bool()` or `mask.type(torch.bool)`, after checking the direction:
#   `masked_fill` fills where the mask is `True`, and leave-one-out hides the diagonal, so the
#   mask is `torch.eye(n).bool()`. The parametric page's
#   `(1 - torch.eye(n_train)).type(torch.bool)` marks the keys to *keep*: used here it raises nothing and hides every other key instead.
# - **Explained in**: [the pitfalls of masked_fill](masked-fill.py#pitfalls).

# %%
# (n_queries, n_keys)
scores = torch.zeros(2, 3)
with prints_error(RuntimeError):
    # a float mask
    mask = torch.eye(2, 3)
    scores.masked_fill(
        mask,
        float("-inf"),
    )

# %% [markdown]
# ### tensors used as indices must be long, int, byte or bool tensors
#
# - **Cause**: a float tensor used as an index. The chapter's mask
#   `(1 - torch.eye(n_train))` must be made boolean first.
# - **Fix**: `tiled[(1 - torch.eye(3)).type(torch.bool)]`.
# - **Explained in**: [the pitfalls of boolean mask indexing](mask.py#pitfalls_1);
#   [parametric attention pooling: leave-one-out](../parametric.py#leave-one-out-keys-and-values-step-by-step).

# %%
x = torch.tensor([1.0, 2.0, 3.0])
tiled = x.repeat((3, 1))  # (3, 3)
with prints_error(IndexError):
    # a float mask: .type(torch.bool)
    # forgotten
    tiled[1 - torch.eye(3)]

# %% [markdown]
# ### expected scalar type Float but found Double
#
# - **Cause**: one tensor is float32 (PyTorch's default), the other float64 (NumPy's
#   default, which `torch.from_numpy` keeps). These are `bmm`'s words, and `torch.matmul`
#   (or `@`) says the same when its right operand is a stack of matrices (3-D or more), two
#   3-D tensors for instance (the second message below).
# - **Fix**: `torch.from_numpy(a).float()`, or `torch.tensor(a, dtype=torch.float32)`.
# - **Explained in**: [Dtypes: float32 and float64](../data.py#dtypes-float32-and-float64) on the data page
#   (with the fix; the chapter's data are all float32). See also the pitfalls of
#   [torch.matmul](matmul.py#pitfalls), which name this wording for a right side of more than
#   two dimensions.
# - **Other wordings**:
#     - With float64 on the left and float32 on the right the two names swap places:
#       `expected scalar type Double but found Float` (the third message below).
#     - The same mix in another kind of product is worded differently; the next four
#       entries take one kind each:
#       [addmv input tensors must have the same dtype, but got …](#addmv-input-tensors-must-have-the-same-dtype-but-got-);
#       [mat1 and mat2 must have the same dtype](#mat1-and-mat2-must-have-the-same-dtype);
#       [expected m1 and m2 to have the same dtype](#expected-m1-and-m2-to-have-the-same-dtype);
#       [dot : expected both vectors to have same dtype, but found …](#dot--expected-both-vectors-to-have-same-dtype-but-found-).

# %%
# (n, 1, n_keys), float32
weights32 = torch.full((3, 1, 2), 0.5)
# (n, n_keys, 1), float64
ones64 = np.ones((3, 2, 1))
values64 = torch.from_numpy(ones64)
with prints_error(RuntimeError):
    torch.bmm(weights32, values64)
with prints_error(RuntimeError):
    # 3-D @ 3-D: a batch of products
    torch.matmul(weights32, values64)
with prints_error(RuntimeError):
    # float64 on the left: the two
    # dtype names swap places
    torch.bmm(
        weights32.double(),
        values64.float(),
    )

# %% [markdown]
# ### addmv input tensors must have the same dtype, but got …
#
# - **Cause**: a matrix times a vector (2-D @ 1-D, the chapter's
#   `torch.matmul(attention_weights, y_train)`) where one is float32 and the other float64
#   (NumPy's default, which `torch.from_numpy` keeps). The message lists three dtypes: the
#   last two are the matrix's and the vector's; the first is that of the tensor PyTorch keeps
#   the result in, which follows the vector: ignore it.
#     - a float32 matrix times a float64 vector from NumPy (the likely case in the chapter): `Double, Float, and Double` (the first message below);
#     - the other way round, a float64 matrix times a float32 vector: `Float, Double, and Float` (the second message).
# - **Fix**: as in the previous entry, `torch.from_numpy(a).float()`.
# - **Explained in**: [Dtypes: float32 and float64](../data.py#dtypes-float32-and-float64) on the data page
#   (with the fix; the chapter's data are all float32). See also the pitfalls of
#   [torch.matmul](matmul.py#pitfalls): its dtype example prints this very message.

# %%
# (n_test, n_train), float32
attention_weights = torch.full(
    (2, 3),
    1 / 3,
)
# (n_train,), float64: NumPy's default
y_train = torch.from_numpy(np.ones(3))
with prints_error(RuntimeError):
    # 2-D @ 1-D: a matrix times a vector
    torch.matmul(
        attention_weights,
        y_train,
    )
with prints_error(RuntimeError):
    # the dtypes swapped: a float64
    # matrix, a float32 vector
    torch.matmul(
        attention_weights.double(),
        y_train.float(),
    )

# %% [markdown]
# ### mat1 and mat2 must have the same dtype
#
# - **Cause**: the input and the weight of an `nn.Linear` with bias (it has one by
#   default) have different dtypes; here the input holds integers and the weight is
#   float32. A layer without bias, or two 2-D tensors multiplied directly, words it
#   differently: see the next entry.
# - **Fix**: write the input as floats (`[[1.0, 2.0, 3.0]]`), or call `.float()`.
# - **Explained in**: [the pitfalls of nn.Linear](linear.py#pitfalls). The example in that section
#   uses a layer without bias, so there you see the next entry's `expected m1 and m2 to have the same dtype`: same cause, same fix.

# %%
# float32 weight and bias
layer = nn.Linear(3, 2)
with prints_error(RuntimeError):
    # int64 input
    layer(torch.tensor([[1, 2, 3]]))

# %% [markdown]
# ### expected m1 and m2 to have the same dtype
#
# - **Cause**: the two sides of a matrix product have different dtypes, and the right one
#   is a 2-D matrix. Whichever of these the left operand is, the message is this one (a
#   layer with bias words it differently: see the previous entry):
#     - the input of an `nn.Linear` without bias: the matrix on the right is the layer's weight transposed, `layer.weight.T`, of shape `(in_features, out_features)` (the first message below);
#     - a 2-D matrix (the second message);
#     - a 1-D vector, 1-D @ 2-D (the third message);
#     - a stack of matrices, its batch dimensions folded into the rows first (the fourth message).
# - **Fix**: make the side with the wrong dtype float32: `.float()`.
# - **Explained in**: [the pitfalls of nn.Linear](linear.py#pitfalls). See also the pitfalls of
#   [torch.matmul](matmul.py#pitfalls), which name this wording for a 2-D right side.

# %%
# float32 weight, no bias
layer = nn.Linear(3, 2, bias=False)
with prints_error(RuntimeError):
    # int64 input
    layer(torch.tensor([[1, 2, 3]]))
# (3, 2), float64
m64 = torch.from_numpy(np.ones((3, 2)))
# float32 on the left: 2-D, 1-D, 3-D
lefts = [
    torch.ones(2, 3),
    torch.ones(3),
    torch.ones(4, 2, 3),
]
for left in lefts:
    with prints_error(RuntimeError):
        left @ m64

# %% [markdown]
# ### dot : expected both vectors to have same dtype, but found …
#
# - **Cause**: two 1-D vectors multiplied (`torch.matmul`, `@` or `torch.dot`) make a dot
#   product, and one is float32, the other float64 (made by NumPy, say). The message names
#   the left dtype first, then the right one.
# - **Fix**: as for [expected scalar type Float but found Double](#expected-scalar-type-float-but-found-double),
#   make the float64 one float32: `.float()`.
# - **Explained in**: [Dtypes: float32 and float64](../data.py#dtypes-float32-and-float64) on the data page
#   (with the fix; it prints this very message). See also the pitfalls of
#   [torch.matmul](matmul.py#pitfalls), which name this wording beside the others of a dtype mismatch.

# %%
# (3,), float32
a32 = torch.ones(3)
# (3,), float64: NumPy's default
b64 = torch.from_numpy(np.ones(3))
with prints_error(RuntimeError):
    # 1-D @ 1-D: a dot product
    torch.matmul(a32, b64)

# %% [markdown]
# ### "softmax_lastdim_kernel_impl" not implemented for 'Long'
#
# - **Cause**: softmax is defined for floating-point numbers only; `torch.arange(3)` of
#   ints is int64 (`Long` in the message).
# - **Fix**: `torch.arange(3.0)` or `.float()`.
# - **Explained in**: [the pitfalls of softmax](softmax.py#pitfalls);
#   [the pitfalls of torch.arange](random.py#pitfalls_3).
# - **Other wordings**: along a dimension other than the last (`dim=0` of a 2-D tensor of
#   ints, say) the message reads `"softmax_kernel_impl" not implemented for 'Long'` (the
#   second message below).

# %%
with prints_error(NotImplementedError):
    # arange of ints gives int64
    F.softmax(torch.arange(3), dim=0)
# (2, 3) of ints; dim=0 is not the
# last dimension
ints = torch.arange(6).reshape(2, 3)
with prints_error(NotImplementedError):
    F.softmax(ints, dim=0)

# %% [markdown]
# ### rand(): argument 'size' (position 1) must be tuple of ints, not float
#
# - **Cause**: a shape must be made of ints, and `/` always gives a float.
# - **Fix**: use integer division, `n_train // 2`.
# - **Explained in**: [the pitfalls of torch.rand](random.py#pitfalls).

# %%
n_train = 50
with prints_error(TypeError):
    # / gives a float, even 25.0
    torch.rand(n_train / 2)

# %% [markdown]
# ### normal() received an invalid combination of arguments
#
# - **Cause**: `torch.normal` can be called in several ways, and the arguments match none:
#   with a number for both the mean and the standard deviation it also needs a shape, and
#   the shape must be a tuple (`(3)` is just the int 3; `(3,)` is a tuple). The first line of
#   the message ends in “expected one of:” and the next lines list the ways to call it, so the
#   whole message is printed here: the last, `(float mean, float std, tuple of ints size, …)`,
#   is the one the chapter needs.
# - **Fix**: `torch.normal(0.0, 0.5, (n_train,))`.
# - **Explained in**: [the pitfalls of torch.normal](random.py#pitfalls_1);
#   [Noise: torch.normal](../data.py#noise-torchnormal) on the data page.

# %%
# lines=None: the whole message, every
# way to call it
with prints_error(
    TypeError,
    lines=None,
):
    # no size: how many numbers?
    torch.normal(0.0, 0.5)

# %% [markdown]
# ### 'torch.return_types.sort' object has no attribute 'numpy'
#
# - **Cause**: `torch.sort` returns a pair of tensors (the values and where they came
#   from); one variable receives the pair.
# - **Fix**: `x_train, _ = torch.sort(...)`.
# - **Explained in**: [the pitfalls of torch.sort](random.py#pitfalls_2);
#   [Sorting: torch.sort](../data.py#sorting-torchsort) on the data page.

# %%
# (values, indices), not unpacked
x_train = torch.sort(torch.rand(5) * 5)
with prints_error(AttributeError):
    x_train.numpy()

# %% [markdown]
# ## Autograd
#
# Most likely in this chapter: [Can't call numpy() on Tensor that requires grad](#cant-call-numpy-on-tensor-that-requires-grad) and [Trying to backward through the graph a second time](#trying-to-backward-through-the-graph-a-second-time).
#
# The entries of this group:
#
# - [Can't call numpy() on Tensor that requires grad](#cant-call-numpy-on-tensor-that-requires-grad)
# - [a leaf Variable that requires grad is being used in an in-place operation.](#a-leaf-variable-that-requires-grad-is-being-used-in-an-in-place-operation)
# - [Trying to backward through the graph a second time](#trying-to-backward-through-the-graph-a-second-time)
# - [grad can be implicitly created only for scalar outputs](#grad-can-be-implicitly-created-only-for-scalar-outputs)
# - [one of the variables needed for gradient computation has been modified by an inplace operation](#one-of-the-variables-needed-for-gradient-computation-has-been-modified-by-an-inplace-operation)
#
# ### Can't call numpy() on Tensor that requires grad
#
# - **Cause**: a tensor that requires grad, that is, one whose [gradient](../glossary.md#gradient) is
#   to be computed (an `nn.Parameter`, or a result computed from one and still in the
#   [computational graph](../glossary.md#computational-graph)), cannot become a NumPy array; plotting
#   is where most people meet this.
# - **Fix**: `.detach()` first, as the message says and the last two lines below do; or call
#   `.numpy()` inside a `with torch.no_grad():` block.
# - **Explained in**: [the pitfalls of clone and detach](clone.py#pitfalls);
#   [the pitfalls of nn.Parameter](training.py#pitfalls);
#   [parametric attention pooling: detach before plotting](../parametric.py#detach-before-plotting).

# %%
model = at.NWKernelRegression(w=2.0)
with prints_error(RuntimeError):
    # an nn.Parameter requires grad
    model.w.numpy()
w = model.w.detach()
print("with detach():", w.numpy())

# %% [markdown]
# ### a leaf Variable that requires grad is being used in an in-place operation.
#
# - **Cause**: a hand-written [gradient](../glossary.md#gradient) step `w -= lr * w.grad` (`lr` is
#   the [learning rate](../glossary.md#learning-rate)) changes the [leaf tensor](../glossary.md#leaf-tensor) `w`
#   [in place](../glossary.md#in-place-operation), which [autograd](../glossary.md#autograd) refuses to record.
# - **Fix**: do the step inside `with torch.no_grad():` (as below), or leave it to
#   `optimizer.step()`, which does exactly that.
# - **Explained in**: [the pitfalls of torch.optim.SGD](training.py#pitfalls_2) (a gradient step
#   written by hand, `w -= lr * w.grad`).

# %%
# (1,)
w = nn.Parameter(torch.tensor([1.0]))
# w.grad = -18
((3 * w - 6) ** 2).sum().backward()
with prints_error(RuntimeError):
    # a hand-written step on a leaf:
    # autograd refuses it
    w -= 0.1 * w.grad
with torch.no_grad():
    # the same step, not recorded
    w -= 0.1 * w.grad
value = round(w.item(), 4)
print("w after one step:", value)

# %% [markdown]
# ### Trying to backward through the graph a second time
#
# - **Cause**: the second `backward()` needs the intermediate values saved in the
#   [computational graph](../glossary.md#computational-graph) (below, the result of
#   `exp()`) again, but the first `backward()` freed them once it had used them. In a
#   training loop the usual cause is a loss (or a tensor computed from it) carried over from the previous step.
# - **Fix**: compute a new loss with a new forward pass at every step; use
#   `backward(retain_graph=True)` only when you really need two passes.
# - **Explained in**: [the pitfalls of torch.optim.SGD](training.py#pitfalls_2) (`backward()`
#   twice on one loss); the correct loop, with a new loss from a new forward pass every epoch:
#   [parametric attention pooling: training](../parametric.py#training).

# %%
# (1,)
w = nn.Parameter(torch.tensor([1.0]))
# exp() saves its result for backward
loss = (3 * w.exp()).sum()
loss.backward()
with prints_error(RuntimeError):
    # the saved values were freed by the
    # first call
    loss.backward()

# %% [markdown]
# ### grad can be implicitly created only for scalar outputs
#
# - **Cause**: the loss with `reduction='none'` is a vector, and `backward()` without
#   arguments takes a single number.
# - **Fix**: the chapter writes `squared_errors.sum().backward()`.
# - **Explained in**: [the pitfalls of torch.optim.SGD](training.py#pitfalls_2);
#   [parametric attention pooling: training](../parametric.py#training) (the chapter's `.sum()`
#   before `backward()`).

# %%
w0 = torch.tensor([1.0, -1.0])  # (2,)
w = nn.Parameter(w0)
target = torch.tensor([6.0, 0.0])
mse = nn.MSELoss(reduction="none")
# one per element: (2,)
squared_errors = mse(3 * w, target)
with prints_error(RuntimeError):
    # (2,): backward() needs a number
    squared_errors.backward()

# %% [markdown]
# ### one of the variables needed for gradient computation has been modified by an inplace operation
#
# - **Cause**: a value that backpropagation (computing the [gradients](../glossary.md#gradient) back
#   through the [computational graph](../glossary.md#computational-graph)) needs was changed
#   [in place](../glossary.md#in-place-operation) after the forward pass; a tensor from `detach()`
#   shares memory with the original, so changing one changes the other. In the example
#   below, the value needed is `y`.
# - **Fix**: `.clone()` before changing it (here `y.detach().clone().zero_()`, which leaves `y` alone), or use the
#   operation without the underscore.
# - **Explained in**: [the pitfalls of clone and detach](clone.py#pitfalls).

# %%
x = torch.tensor(
    [1.0, 2.0],
    requires_grad=True,
)
# backward needs y itself:
# d exp(x) / dx = exp(x)
y = x.exp()
# detach() shares memory: this
# overwrites y
y.detach().zero_()
with prints_error(RuntimeError):
    y.sum().backward()

# %% [markdown]
# ## The package's own errors
#
# Most likely in this chapter: [… must be a 1-D tensor of shape …](#-must-be-a-1-d-tensor-of-shape-) and [… must have the same length](#-must-have-the-same-length).
#
# The package's functions check their arguments and, when they refuse one, name it and
# say what shape or dtype they expected. The examples below that need data use 40 training points and
# 50 test inputs, so that calls with mixed-up shapes fail for sure (with `n_train` equal
# to `n_test` some of these mistakes raise nothing).
#
# The entries of this group, each preceded by what went wrong (in the first five headings the
# leading `…` stands for the argument the message names, such as `queries` or
# `keys and values`):
#
# - not a tensor: [… must be a torch.Tensor, got …](#-must-be-a-torchtensor-got-)
# - the wrong shape: [… must be a 1-D tensor of shape …](#-must-be-a-1-d-tensor-of-shape-)
# - not floating-point: [… must have a floating-point dtype](#-must-have-a-floating-point-dtype)
# - lengths that differ: [… must have the same length](#-must-have-the-same-length)
# - dtypes that differ: [… must have the same dtype](#-must-have-the-same-dtype)
# - the parametric model's keys not 2-D: [keys must be a 2-D tensor of shape (n_queries, n_keys)](#keys-must-be-a-2-d-tensor-of-shape-n_queries-n_keys)
# - a mask that is not boolean: [mask must have dtype torch.bool (True = may attend), got …](#mask-must-have-dtype-torchbool-true--may-attend-got-)
# - a mask that hides every key of a query: [mask leaves a query with no key: its softmax would be NaN](#mask-leaves-a-query-with-no-key-its-softmax-would-be-nan)
# - $w$ overflowing in training: [w left float32's range (about 3.4e38) after a step with lr = …](#w-left-float32s-range-about-34e38-after-a-step-with-lr--)

# %%
data = at.make_data(n_train=40)
print(
    "x_train:",
    tuple(data.x_train.shape),
    " x_test:",
    tuple(data.x_test.shape),
)

# %% [markdown]
# ### … must be a torch.Tensor, got …
#
# - **Cause**: the package's functions take tensors: `queries`, `keys`, `values`,
#   `x_train` and `y_train` cannot be lists or NumPy arrays.
# - **Fix**: `torch.tensor([0.0, 2.5, 5.0])`; a NumPy array:
#   `torch.from_numpy(a).float()`.
# - **Explained in**: [API reference: pooling](../api/pooling.md).

# %%
# 40 training points, 50 test inputs
data = at.make_data(n_train=40)
with prints_error(TypeError):
    # a list
    at.nadaraya_watson(
        [0.0, 2.5, 5.0],
        data.x_train,
        data.y_train,
    )

# %% [markdown]
# ### … must be a 1-D tensor of shape …
#
# - **Cause**: `nadaraya_watson` takes the queries as a vector `(n_test,)` and tiles them
#   itself; this call passed the already tiled `(n_test, n_train)` matrix.
# - **Fix**: pass `data.x_test` as it is.
# - **Explained in**: [non-parametric attention pooling: tiling the queries](../nonparametric.py#tiling-the-queries-into-a-matrix).

# %%
# 40 training points, 50 test inputs
data = at.make_data(n_train=40)
# x_test tiled: (n_test, n_train)
n = data.n_train
flat = data.x_test.repeat_interleave(n)
queries = flat.reshape(-1, n)
with prints_error(ValueError):
    # the tiled matrix
    at.nadaraya_watson(
        queries,
        data.x_train,
        data.y_train,
    )

# %% [markdown]
# ### … must have a floating-point dtype
#
# - **Cause**: `torch.arange(5)` of ints is int64, and the kernel and softmax need
#   floating-point numbers: `queries`, `keys` and `values` must all be floats.
# - **Fix**: `torch.arange(5.0)` or `.float()`.
# - **Explained in**: [the pitfalls of torch.arange](random.py#pitfalls_3).

# %%
# 40 training points, 50 test inputs
data = at.make_data(n_train=40)
with prints_error(ValueError):
    # int64
    at.nadaraya_watson(
        torch.arange(5),
        data.x_train,
        data.y_train,
    )

# %% [markdown]
# ### … must have the same length
#
# - **Cause**: keys and values come in pairs. Here the queries and keys are swapped: the
#   keys are the 50 test inputs, the values still the 40 training outputs. The plotting
#   functions use the same words for curves of different lengths.
# - **Fix**: the order is `nadaraya_watson(queries, keys, values)`, that is
#   `(x_test, x_train, y_train)`.
# - **Explained in**: [non-parametric attention pooling: can queries and keys be swapped?](../nonparametric.py#can-queries-and-keys-be-swapped)

# %%
# 40 training points, 50 test inputs
data = at.make_data(n_train=40)
with prints_error(ValueError):
    # queries and keys swapped
    at.nadaraya_watson(
        data.x_train,
        data.x_test,
        data.y_train,
    )

# %% [markdown]
# ### … must have the same dtype
#
# - **Cause**: queries, keys and values must share one dtype; here the keys are float64
#   from NumPy.
# - **Fix**: `keys64.float()`.
# - **Explained in**: [Dtypes: float32 and float64](../data.py#dtypes-float32-and-float64) on
#   the data page; the entry
#   [expected scalar type Float but found Double](#expected-scalar-type-float-but-found-double)
#   above.

# %%
# 40 training points, 50 test inputs
data = at.make_data(n_train=40)
# float64: NumPy's default
grid = np.linspace(0.0, 5.0, 40)
keys64 = torch.from_numpy(grid)
with prints_error(ValueError):
    at.nadaraya_watson(
        data.x_test,
        keys64,
        data.y_train,
    )

# %% [markdown]
# ### keys must be a 2-D tensor of shape (n_queries, n_keys)
#
# - **Cause**: the parametric model gives each query its own row of keys and values, so
#   both are 2-D, `(n_queries, n_keys)`.
# - **Fix**: for training, `at.leave_one_out(x_train, y_train)` gives each row every key
#   but its own (as below); for predictions, tile the training data to
#   `(n_test, n_train)`.
# - **Explained in**: [parametric attention pooling: leave-one-out keys and values](../parametric.py#leave-one-out-keys-and-values-step-by-step);
#   [parametric attention pooling: the model](../parametric.py#the-model).

# %%
# 40 training points, 50 test inputs
data = at.make_data(n_train=40)
model = at.NWKernelRegression(w=1.0)
with prints_error(ValueError):
    # 1-D keys
    model(
        data.x_train,
        data.x_train,
        data.y_train,
    )
# (40, 39) each
keys, values = at.leave_one_out(
    data.x_train,
    data.y_train,
)
y_hat = model(
    data.x_train,
    keys,
    values,
)
shape = tuple(y_hat.shape)
print("with leave_one_out:", shape)

# %% [markdown]
# ### mask must have dtype torch.bool (True = may attend), got …
#
# - **Cause**: the `mask` of `dot_product_attention` must be a boolean tensor; here it is the
#   float `torch.ones(2, 3)` (`torch.eye` makes floats too, by default).
# - **Fix**: `mask.bool()`, or `dtype=torch.bool` where the mask is made. Mind the direction:
#   here `True` means “may attend”, the opposite of `masked_fill`.
# - **Explained in**: [the pitfalls of masked_fill](masked-fill.py#pitfalls) (a float mask is
#   refused); for the direction of `True`, [two boolean masks, two conventions](masked-fill.py#two-boolean-masks-two-conventions) on the same page.

# %%
q = torch.zeros(2, 1)  # (n_queries, d)
kv = torch.zeros(3, 1)  # (n_keys, d)
with prints_error(ValueError):
    # a float mask
    at.dot_product_attention(
        q,
        kv,
        kv,
        mask=torch.ones(2, 3),
    )

# %% [markdown]
# ### mask leaves a query with no key: its softmax would be NaN
#
# - **Cause**: in the `mask` of `dot_product_attention`, `True` means “may attend”. A query
#   whose row is all `False` has no key to share its weight among: the softmax would divide
#   0 by 0 and give `nan`, so the package raises before computing it. The usual source is a
#   mask in `masked_fill`'s convention (`True` = hide) passed as it is.
# - **Fix**: invert a mask made for `masked_fill`, `~mask`; and check that every row has at
#   least one `True`.
# - **Explained in**: [the pitfalls of masked_fill](masked-fill.py#pitfalls) and, on the same
#   page, [two boolean masks, two conventions](masked-fill.py#two-boolean-masks-two-conventions).

# %%
q = torch.zeros(2, 1)  # (n_queries, d)
kv = torch.zeros(3, 1)  # (n_keys, d)
# True = may attend; query 0: no key
mask = torch.tensor(
    [
        [False, False, False],
        [True, True, False],
    ]
)
with prints_error(ValueError):
    at.dot_product_attention(
        q,
        kv,
        kv,
        mask=mask,
    )

# %% [markdown]
# ### w left float32's range (about 3.4e38) after a step with lr = …
#
# - **Cause**: `w_path(..., log_w=True)` trains $\log w$ instead of $w$ ($w = e^{\log w}$); at a
#   large `lr` one step takes $w$ past the largest float32 number, and `w_path` raises this instead of going on with `inf`.
# - **Fix**: a smaller `lr`, such as 0.05. How training $\log w$ and training $w$ itself go, step by step: see the page below.
# - **Explained in**: [why the trained curve is less smooth: take the steps yourself](../smoothness.py#take-the-steps-yourself).

# %%
# 40 training points, 50 test inputs
data = at.make_data(n_train=40)
with prints_error(ValueError):
    at.w_path(
        data.x_train,
        data.y_train,
        w0=0.5,
        lr=10.0,
        epochs=1,
        log_w=True,
    )


# %% fold="Checks of this page's text (skip them)"
# checks of this page's text: if a new
# run changes one, the build fails
def said(call, *args):
    """The error call(*args) raises."""
    try:
        call(*args)
    except Exception as err:
        return str(err).splitlines()[0]
    raise AssertionError("no error")


# mat1 and mat2: a batch on the left
# is folded into the rows; nn.Linear
# says the same; its right operand is
# the weight transposed, (in, out)
A = torch.ones(2, 3)
stack = torch.ones(4, 2, 3)
layer = nn.Linear(2, 3)
folded = said(lambda: stack @ A)
assert "(8x3 and 2x3)" in folded
linear = said(lambda: layer(stack))
assert linear == folded
assert layer.weight.T.shape == (2, 3)
# size mismatch: the batch is folded
# into the rows of mat, and of input
one = torch.ones(2)
vec = said(torch.matmul, stack, one)
assert "input (8), mat (8x3)" in vec
# batch2: matmul with a 3-D right side
# says what bmm says
a3 = A.expand(4, 2, 3)
bmm = said(torch.bmm, a3, stack)
mm = said(torch.matmul, A, stack)
assert mm == bmm
assert "batch2" in bmm
# batch2: the batch size is the product
# of the broadcast batch shape, 4 * 5
p = torch.ones(4, 1, 2, 3)
q = torch.ones(5, 2, 3)
twenty = said(torch.matmul, p, q)
want = "[20, 3] but got: [20, 2]"
assert want in twenty
# Float but found Double: bmm and
# matmul of 3-D tensors say the same
a = torch.full((3, 1, 2), 0.5)
b = torch.ones(3, 2, 1).double()
bmm = said(lambda: torch.bmm(a, b))
assert said(lambda: a @ b) == bmm
# addmv: the first dtype follows the
# vector
a = torch.ones(2, 3)
b = torch.ones(3).double()
first = said(lambda: a @ b)
dtypes = "Double, Float, and Double"
assert dtypes in first
a, b = a.double(), b.float()
first = said(lambda: a @ b)
dtypes = "Float, Double, and Float"
assert dtypes in first
# m1 and m2: whatever the left operand,
# 2-D, 1-D or 3-D
b = torch.ones(3, 2).double()
for left in (A, A[0], stack):
    m1m2 = said(torch.matmul, left, b)
    assert "expected m1 and m2" in m1m2
# tensor a is the left, b the right;
# (2, 3) - (2,) clashes in dimension 1;
# in masked_fill, a is the mask
keys = torch.tensor([0.0, 0.5])
clash = said(lambda: A - keys)
assert clash.endswith("dimension 1")
wrong = torch.ones(3, 2) > 0
filled = said(A.masked_fill, wrong, 0.0)
assert "tensor a (2)" in filled
assert "tensor b (3)" in filled
# float64 on the left: Double, Float
b32 = torch.ones(3, 2, 1)
a64 = torch.ones(3, 1, 2).double()
swap = said(torch.bmm, a64, b32)
swapped = "Double but found Float"
assert swap.endswith(swapped)
# softmax along dim 0, not the last one
ints = torch.arange(6).reshape(2, 3)
kernel = said(F.softmax, ints, 0)
assert '"softmax_kernel_impl"' in kernel
