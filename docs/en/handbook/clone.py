# %% [markdown]
# # clone and detach: a copy of the data, or a cut in the graph
#
# These two methods both seem to “make a new tensor”, yet they do opposite things. `clone()`
# copies the numbers into new memory, and when `x` requires grad the copy stays **in** the
# autograd graph, so gradients flow back to `x`; `detach()` shares the memory and steps **out**
# of the graph. For a copy that is neither shared nor in the
# graph, write `x.detach().clone()`.
#
# The `at` imported below is this tutorial's own package: `at.diagram_*` only draws the
# pictures and is not PyTorch API you need to learn.

# %%
import torch

import attention_tutorial as at

# %% [markdown]
# ## Tensor.clone and Tensor.detach
#
# ```python
# Tensor.clone(
#     *,
#     memory_format=torch.preserve_format,
# ) -> Tensor
# Tensor.detach() -> Tensor
# ```
#
# `memory_format` sets how the copy is laid out in memory, by default the same as the
# original's; the chapter never needs it.
#
# The three forms, with their memory, their gradients and the `requires_grad` of the result:
#
# - `x.clone()`: new memory, a copy; gradients flow back to `x` when `x` requires grad;
#   `requires_grad` the same as `x`'s.
# - `x.detach()`: no new memory, shares `x`'s; no gradients back to `x`; `requires_grad` is
#   `False`.
# - `x.detach().clone()`: new memory; no gradients back to `x`; `requires_grad` is `False`.
#
# ### Examples
#
# ```pycon
# >>> import torch
# >>> w = torch.tensor(
# ...     [2.0, 3.0, 5.0],
# ...     requires_grad=True,
# ... )
# >>> c, d = w.clone(), w.detach()
# >>> c.requires_grad, d.requires_grad
# (True, False)
# >>> # only the clone records its op
# >>> c.grad_fn is None, d.grad_fn is None
# (False, True)
# >>> # the same memory as w? data_ptr()
# >>> # is the first element's address
# >>> p = w.data_ptr()
# >>> c.data_ptr() == p, d.data_ptr() == p
# (False, True)
# >>> # the clone is still in the graph,
# >>> # so w gets a gradient: 2 * w
# >>> (c * c).sum().backward()
# >>> w.grad
# tensor([ 4.,  6., 10.])
# ```
#
# A detached tensor shares memory: writing into it changes the original. A clone has its own:
# writing into it leaves the original alone.
#
# ```pycon
# >>> import torch
# >>> x = torch.tensor([1.0, 2.0, 3.0])
# >>> d, c = x.detach(), x.clone()
# >>> d[0] = 100.0
# >>> c[1] = -1.0
# >>> x
# tensor([100.,   2.,   3.])
# >>> c
# tensor([ 1., -1.,  3.])
# ```
#
# ### Diagram
#
# At the top is the `w` of the example above; below it, `w.clone()` and `w.detach()`; at the
# bottom, the recommended `w.detach().clone()`: `.clone()` applied to the detached tensor above
# it. Same colour: the same element of `w`. Solid borders: memory of its own; thick dashed borders:
# shares `w`'s memory, and the dashed line labelled “same memory” on the right joins it to
# `w`. The arrow labelled `grad_fn` on the left leads from `w.clone()` back to `w`: `grad_fn`
# records the operation that made a tensor (`c.grad_fn` above is not `None`), and the backward
# pass follows it to carry the gradient back to `w`; the two tensors out of the graph have no
# such arrow. The words under each tensor say whether it is still in the graph.

# %%
w = torch.tensor(
    [2.0, 3.0, 5.0],
    requires_grad=True,
)
at.diagram_clone(w)

# %% [markdown]
# ### Pitfalls
#
# A common error when plotting: turning a model's parameter into a NumPy array without
# `detach()` (the model below is the tutorial's `at.NWKernelRegression`, whose one parameter, `w`,
# requires grad). The code below shows the error, then two fixes: `detach()`, or the same
# call inside a `with torch.no_grad():` block, where `model.w.numpy()` no longer fails. Both
# fixes print the same value.

# %%
model = at.NWKernelRegression(w=2.0)
try:
    model.w.numpy()
except RuntimeError as err:
    print("RuntimeError:", err)
w_numpy = model.w.detach().numpy()
print("with detach:", w_numpy)
# or call numpy() under no_grad
with torch.no_grad():
    w_plain = model.w.numpy()
print("under no_grad:", w_plain)

# %% [markdown]
# Why `no_grad` works too: `numpy()` refuses a tensor that requires grad only while autograd
# is on, and inside `torch.no_grad()` it is off (`model.w.requires_grad` is still `True` in the
# block); outside the block the same call fails again. `detach()` instead gives, after the
# fact, a tensor outside the graph that can be used anywhere.
#
# Either way the array shares `w`'s memory: a later training step changes it too. To keep a
# snapshot, copy first: `model.w.detach().clone().numpy()`. Below, `w` is updated once in
# place, as an optimizer does; then the three arrays:

# %%
snap = model.w.detach().clone().numpy()
# one training step: w changes in place
with torch.no_grad():
    model.w -= 0.5
print("w_numpy: ", w_numpy)
print("w_plain: ", w_plain)
print("snapshot:", snap)

# %% [markdown]
# Listed in the error-message index: [`Can't call numpy() on Tensor that requires grad`](errors.py#cant-call-numpy-on-tensor-that-requires-grad).

# %% [markdown]
# Sharing memory has another consequence: if autograd saved that tensor for the backward
# pass (as `exp()` saves its result: it is its own derivative), changing the detached tensor in
# place changes the saved value. PyTorch notices and refuses:

# %%
x = torch.tensor(
    [1.0, 2.0],
    requires_grad=True,
)
# backward needs y itself:
# d exp(x) / dx = exp(x)
y = x.exp()
# ... and this overwrites y
y.detach().zero_()
try:
    y.sum().backward()
except RuntimeError as err:
    print("RuntimeError:", err)

# %% [markdown]
# Listed in the error-message index: [`one of the variables needed for gradient computation has been modified by an inplace operation`](errors.py#one-of-the-variables-needed-for-gradient-computation-has-been-modified-by-an-inplace-operation).

# %% [markdown]
# The message is precise: every tensor carries a version counter, raised by each in-place change.
# The backward pass needs `y` as it was saved, at version 0; `y` has since been changed once and is
# at version 1, so the gradient would be wrong, and PyTorch refuses. A tensor made by `y.detach()` shares
# not only `y`'s memory but also its version counter, so an in-place write through it counts
# against `y`, and that is how the backward pass notices. `clone()` makes a tensor with memory and
# a counter of its own: with `y.detach().clone()` the copy is changed and `y` is left alone. The
# `_version` attribute (PyTorch's internal counter, read here only to show it) makes this visible;
# each line gives the versions of `y`, `y_detached` and `copy`:

# %%
x = torch.tensor(
    [1.0, 2.0],
    requires_grad=True,
)
y = x.exp()
# shares y's memory and version counter
y_detached = y.detach()
# its own memory and its own counter
copy = y.detach().clone()


def versions():
    return (
        y._version,
        y_detached._version,
        copy._version,
    )


print("start:", versions())
copy.zero_()
print("copy.zero_():", versions())
y_detached.zero_()
print("y_detached.zero_():", versions())

# %% fold="Checks of this page's text (skip them)"
# checks of this page's text
# both fixes give the same value
assert (w_plain == w_numpy).all()
# no_grad leaves requires_grad as it is
with torch.no_grad():
    assert model.w.requires_grad
# the step changed both arrays, not the
# snapshot
assert w_numpy[0] == model.w.item()
assert w_numpy[0] != snap[0]
assert snap[0] == 2.0
# the versions again, step by step: the
# copy's change is not counted on y,
# y_detached's is
y = x.exp()
y_detached = y.detach()
copy = y.detach().clone()
assert versions() == (0, 0, 0)
copy.zero_()
assert versions() == (0, 0, 1)
y_detached.zero_()
assert versions() == (1, 1, 1)

# %% [markdown]
# ### Where the chapter uses it
#
# The page [Parametric attention pooling](../parametric.py) writes `y_hat = model(...).detach()` before
# plotting the predictions (the section [Detach before plotting](../parametric.py#detach-before-plotting)
# shows what happens without it). Before computing with a learned parameter, the
# pages take it out of the graph: `model.w.detach()` on the page
# [From the Gaussian kernel to dot-product attention](../dot-product.py),
# `nw.w.detach()` on [From kernel regression to Transformer attention](../transformer.py), and
# `projected.W_q.weight.detach()` on
# [Learned projections on a 2-D toy problem](../projections.py).
