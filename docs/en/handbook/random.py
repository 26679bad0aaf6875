# %% [markdown]
# # Random numbers and ranges: rand, normal, sort, arange
#
# [The chapter's data](../data.py) come from four functions: `torch.rand` draws the
# training inputs, `torch.sort` puts them in order, `torch.normal` adds noise to the
# outputs and `torch.arange` lays out the test inputs. Random numbers are only
# reproducible with a seed, so every example here that prints or draws random numbers
# starts from one.
#
# `at` below is the tutorial's package: `at.SEED` is 0, the seed of every page;
# `at.TensorPanel`, `at.draw_tensors` and `at.diagram_*` only draw the pictures and are not
# PyTorch API to learn.

# %%
import torch

import attention_tutorial as at

# %% [markdown]
# ## torch.rand
#
# ```python
# torch.rand(
#     *size,
#     *,
#     generator=None,
#     dtype=None,
#     device=None,
#     requires_grad=False,
# ) -> Tensor
# ```
#
# This is the signature as PyTorch documents it (a few rarely used arguments left out), not
# literal Python (a bare `*` after
# `*size`): every argument after `size` is passed by name.
#
# It returns a tensor of shape `size` filled with numbers drawn uniformly from the
# half-open interval $[0, 1)$.
#
# - `size`: the shape, as separate ints (`torch.rand(2, 3)`) or one tuple
#   (`torch.rand((2, 3))`).
# - `generator`: a `torch.Generator` with its own random stream. Without it, PyTorch
#   uses the global generator, which `torch.manual_seed` resets.
# - `dtype`: `torch.float32` unless you ask for another floating type.
# - `requires_grad`: whether autograd should track the tensor (see
#   [nn.Parameter](training.py)).
#
# ### Examples
#
# ```pycon
# >>> import torch
# >>> g = torch.Generator().manual_seed(0)
# >>> torch.rand(3, generator=g)
# tensor([0.4963, 0.7682, 0.0885])
# >>> # the same as torch.rand((2, 3))
# >>> torch.rand(2, 3, generator=g).shape
# torch.Size([2, 3])
# >>> u = torch.rand(1000, generator=g)
# >>> # uniform on [0, 5)
# >>> x = u * 5
# >>> lo, hi = x.min(), x.max()
# >>> bool(lo >= 0), bool(hi < 5)
# (True, True)
# ```
#
# The same seed gives the same numbers; without resetting it, every call continues the
# stream and gives new ones:
#
# ```pycon
# >>> import torch
# >>> # _ = hides the Generator that
# >>> # manual_seed returns
# >>> _ = torch.manual_seed(0)
# >>> a = torch.rand(3)
# >>> # the stream goes on: new numbers
# >>> b = torch.rand(3)
# >>> _ = torch.manual_seed(0)
# >>> # back to the start
# >>> c = torch.rand(3)
# >>> torch.equal(a, b), torch.equal(a, c)
# (False, True)
# ```
#
# ### Diagram
#
# The code above, drawn; the same colour means the same number. `b` goes on down the stream
# and gets new colours; after reseeding, `c` starts again from the beginning and has `a`'s
# colours, cell by cell.

# %%
_ = torch.manual_seed(at.SEED)
a = torch.rand(3)
b = torch.rand(3)
_ = torch.manual_seed(at.SEED)
c = torch.rand(3)
assert torch.equal(a, c)
# a and c keep the default colours
# (one per cell); b's new numbers get
# three new colours
new = torch.arange(3, 6)
colours = {
    "zh": "同色：同一个数。",
    "en": "Same colour: same number.",
}
at.draw_tensors(
    [
        at.TensorPanel(a, code="a"),
        at.TensorPanel(
            b,
            code="b",
            sources=new,
        ),
        at.TensorPanel(c, code="c"),
    ],
    arrows=[
        "",
        "torch.manual_seed(at.SEED)",
    ],
    title="torch.manual_seed(at.SEED)",
    legend=colours,
)

# %% [markdown]
# ### Pitfalls
#
# Each number in a shape must be an `int`; one computed with `/` is a `float` even when it
# is whole:

# %%
n_train = 50
try:
    torch.rand(n_train / 2)
except TypeError as err:
    print("TypeError:", err)
# // keeps an int
x = torch.rand(n_train // 2)
print(tuple(x.shape))

# %% [markdown]
# Listed in the error-message index: [`rand(): argument 'size' (position 1) must be tuple of ints, not float`](errors.py#rand-argument-size-position-1-must-be-tuple-of-ints-not-float).

# %% [markdown]
# ### Where the chapter uses it
#
# [The data](../data.py): these two lines draw the training inputs from $[0, 5)$
# and sort them:
#
# ```python
# u = torch.rand(n_train, generator=g)
# x_train, _ = torch.sort(u * 5)
# ```
#
# The data page draws from its own `torch.Generator` (the `generator` argument above),
# so making the data leaves the global stream alone.
#
# [Parametric attention pooling](../parametric.py): `nn.Parameter(torch.rand(1))`
# gives $w$ its random starting value.
#
# ## torch.normal
#
# ```python
# # mean, std: numbers
# torch.normal(
#     mean,
#     std,
#     size,
#     *,
#     generator=None,
#     out=None,
# ) -> Tensor
# # mean or std: tensors
# torch.normal(
#     mean,
#     std,
#     *,
#     generator=None,
#     out=None,
# ) -> Tensor
# ```
#
# It returns numbers drawn from the normal (Gaussian) distribution
# $\mathcal{N}(\text{mean}, \text{std}^2)$.
#
# - `mean`, `std`: the mean and the standard deviation (not the variance): noise of
#   variance 0.25 is `torch.normal(0.0, 0.5, ...)`, not `torch.normal(0.0, 0.25, ...)`.
#   With two numbers you must also give `size`; with a tensor for either, the result has one
#   element per element of that tensor, each with its own mean or standard deviation.
# - `size`: the shape, as a tuple such as `(50,)`.
# - `generator`: as for `torch.rand`.
#
# ### Examples
#
# ```pycon
# >>> import torch
# >>> g = torch.Generator().manual_seed(0)
# >>> torch.normal(
# ...     0.0,
# ...     0.5,
# ...     (3,),
# ...     generator=g,
# ... )
# tensor([ 0.7705, -0.1467, -1.0894])
# >>> noise = torch.normal(
# ...     0.0,
# ...     0.5,
# ...     (10000,),
# ...     generator=g,
# ... )
# >>> # close to 0 and 0.5
# >>> mean = noise.mean().item()
# >>> std = noise.std().item()
# >>> round(mean, 2), round(std, 2)
# (-0.01, 0.5)
# >>> # one mean per element
# >>> means = torch.tensor([0.0, 10.0])
# >>> torch.normal(
# ...     means,
# ...     1.0,
# ...     generator=g,
# ... ).shape
# torch.Size([2])
# ```
#
# ### Diagram
#
# A small version of the chapter's recipe: six sorted inputs, their outputs $f(x)$ plus noise with
# standard deviation 0.5. The colours follow each input to its output.

# %%
_ = torch.manual_seed(at.SEED)
# (6,) each
x, _ = torch.sort(torch.rand(6) * 5)
noise = torch.normal(0.0, 0.5, (6,))
y = at.f(x) + noise
at.draw_tensors(
    [
        at.TensorPanel(x, code="x"),
        at.TensorPanel(y, code="y"),
    ],
    arrows=["y = at.f(x) + noise"],
)

# %% [markdown]
# ### Pitfalls
#
# With two numbers and no `size`, PyTorch does not know how many to draw:

# %%
try:
    torch.normal(0.0, 0.5)
except TypeError as err:
    # keep only the part before ", but
    # expected one of:"; the list of
    # ways to call normal is cut
    msg = str(err).split(", but")[0]
    print("TypeError:", msg)

# %% [markdown]
# Listed in the error-message index: [`normal() received an invalid combination of arguments`](errors.py#normal-received-an-invalid-combination-of-arguments).

# %% [markdown]
# ### Where the chapter uses it
#
# [The data](../data.py): the noise added to $f(x)$ for the training outputs, drawn
# from the same generator `g` as the training inputs:
#
# ```python
# noise = torch.normal(
#     0.0,
#     0.5,
#     (n_train,),
#     generator=g,
# )
# ```
#
# ## torch.sort
#
# ```python
# torch.sort(
#     input,
#     dim=-1,
#     descending=False,
#     *,
#     stable=False,
#     out=None,
# ) -> (Tensor, LongTensor)
# ```
#
# It sorts the elements along `dim` and returns two tensors: the sorted `values` and
# the `indices` saying where each value was in `input`.
#
# - `dim`: the axis to sort along; the last one by default.
# - `descending`: `True` sorts from largest to smallest.
# - `stable`: if `True`, equal elements keep their original order (not guaranteed by
#   default).
#
# ### Examples
#
# ```pycon
# >>> import torch
# >>> x = torch.tensor(
# ...     [0.7, 0.1, 0.9, 0.4]
# ... )
# >>> values, indices = torch.sort(x)
# >>> values
# tensor([0.1000, 0.4000, 0.7000, 0.9000])
# >>> indices
# tensor([1, 3, 0, 2])
# >>> # indices pick the values out of x
# >>> torch.equal(x[indices], values)
# True
# >>> torch.sort(
# ...     x,
# ...     descending=True,
# ... ).values
# tensor([0.9000, 0.7000, 0.4000, 0.1000])
# ```
#
# ### Diagram
#
# The four shuffled numbers of the example above: a value keeps its colour when it moves;
# its index has the same colour, because `indices[i]` is where `values[i]` came from.

# %%
x = torch.tensor([0.7, 0.1, 0.9, 0.4])
at.diagram_sort(x)

# %% [markdown]
# ### Pitfalls
#
# `torch.sort` returns a pair. Assigning it to one name keeps the pair, and the next
# tensor method fails:

# %%
_ = torch.manual_seed(at.SEED)
# forgot to unpack (values, indices)
x_train = torch.sort(torch.rand(5) * 5)
try:
    x_train.numpy()
except AttributeError as err:
    print("AttributeError:", err)
# unpacked: a tensor of shape (5,)
x = torch.rand(5) * 5
x_train, _ = torch.sort(x)
print(tuple(x_train.shape))

# %% [markdown]
# Listed in the error-message index: [`'torch.return_types.sort' object has no attribute 'numpy'`](errors.py#torchreturn_typessort-object-has-no-attribute-numpy).

# %% [markdown]
# ### Where the chapter uses it
#
# [The data](../data.py): `x_train, _ = torch.sort(u * 5)`, where `u` is
# `torch.rand(n_train, generator=g)`. The queries
# `x_test` are increasing already; only because the keys are sorted too do the large
# attention weights lie near the diagonal of the heatmaps in
# [non-parametric attention pooling](../nonparametric.py).
#
# ## torch.arange
#
# ```python
# torch.arange(
#     start=0,
#     end,
#     step=1,
#     *,
#     dtype=None,
#     device=None,
#     requires_grad=False,
# ) -> Tensor
# ```
#
# This is the signature as PyTorch documents it, not literal Python (a required `end`
# after a default `start`): with one argument, that argument is `end`.
#
# It returns the 1-D tensor `start, start + step, start + 2 * step, ...`, stopping
# **before** `end`: the interval is half-open, $[\text{start}, \text{end})$.
#
# - `start`, `end`, `step`: `torch.arange(5)` is `0, 1, 2, 3, 4`. The length is
#   `ceil((end - start) / step)` (rounded up).
# - `dtype`: inferred: `torch.int64` when every argument given is an int, the default float type
#   (`torch.float32`) otherwise.
#
# ### Examples
#
# ```pycon
# >>> import torch
# >>> torch.arange(5)
# tensor([0, 1, 2, 3, 4])
# >>> torch.arange(0, 1, 0.25)
# tensor([0.0000, 0.2500, 0.5000, 0.7500])
# >>> # 5 itself is left out
# >>> torch.arange(0, 5, 0.1).shape
# torch.Size([50])
# >>> ints = torch.arange(5)
# >>> floats = torch.arange(0, 5, 0.5)
# >>> ints.dtype, floats.dtype
# (torch.int64, torch.float32)
# ```
#
# ### Diagram
#
# `torch.arange(0, 1, 0.25)`: the end, 1, is not in the result; the length is
# $\lceil (1 - 0) / 0.25 \rceil = 4$.

# %%
at.diagram_arange(0, 1, 0.25)

# %% [markdown]
# ### Pitfalls
#
# With a float step, rounding can let the end slip in: $(1.3 - 1) / 0.1$ is a hair above
# 3 in floating point, so the length rounds up to 4 and the “excluded” end appears:

# %%
x = torch.arange(1, 1.3, 0.1)
print(x)
print("length:", len(x))

# %%
at.diagram_arange(1, 1.3, 0.1)

# %% [markdown]
# When the exact number of points matters, use `torch.linspace(start, end, steps)`, which
# takes the count and includes both ends.
#
# Another pitfall is the dtype: integer ranges are `torch.int64`, and some functions
# (softmax among them) refuse them; convert with `.float()` first:

# %%
# int64
x = torch.arange(3)
try:
    torch.softmax(x, dim=0)
except NotImplementedError as err:
    print("NotImplementedError:", err)
y = torch.softmax(x.float(), dim=0)
print(y.sum())

# %% [markdown]
# Listed in the error-message index: [`"softmax_lastdim_kernel_impl" not implemented for 'Long'`](errors.py#softmax_lastdim_kernel_impl-not-implemented-for-long).

# %% [markdown]
# ### Where the chapter uses it
#
# [The data](../data.py): `x_test = torch.arange(0, 5, 0.1)`, the 50 test inputs
# $0, 0.1, \dots, 4.9$ (5 is left out).
