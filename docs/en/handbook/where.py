# %% [markdown]
# # torch.where: choosing element by element
#
# `torch.where` is the tensor version of “if … else”: for every element it takes one of
# two values, depending on a boolean condition. `masked_fill` is the special case where
# one of the two is a constant.
#
# `at` below is the tutorial's package: `at.diagram_*` only draw the pictures and are not
# PyTorch API to learn.

# %%
import torch

import attention_tutorial as at

# %% [markdown]
# ## torch.where
#
# ```python
# torch.where(
#     condition, input, other
# ) -> Tensor
# torch.where(
#     condition
# ) -> tuple of index tensors
# ```
#
# - `condition`: a boolean tensor; where it is `True` the result takes `input`, elsewhere
#   `other`.
# - `input`, `other`: tensors or numbers. `condition`, `input` and `other` are broadcast
#   to one shape, the shape of the result.
# - With only `condition`, it returns the indices of the `True` elements, one tensor per
#   dimension (the same as `condition.nonzero(as_tuple=True)`).
#
# ### Examples
#
# ```pycon
# >>> import torch
# >>> x = torch.tensor([-2.0, 0.5, 3.0])
# >>> # keep the positive elements,
# >>> # 0 elsewhere
# >>> torch.where(x > 0, x, 0.0)
# tensor([0.0000, 0.5000, 3.0000])
# >>> # two numbers: an integer tensor
# >>> torch.where(x > 0, 1, -1)
# tensor([-1,  1,  1])
# >>> eye = torch.tensor(
# ...     [[True, False], [False, True]]
# ... )
# >>> # (row indices, column indices)
# >>> torch.where(eye)
# (tensor([0, 1]), tensor([0, 1]))
# ```
#
# The page [From kernel regression to Transformer attention](../transformer.py) applies its
# leave-one-out mask `eye` with [masked_fill](masked-fill.py); written with `where`, it gives
# the same tensor:
#
# ```pycon
# >>> import torch
# >>> scores = torch.arange(9.0)
# >>> scores = scores.reshape(3, 3)
# >>> eye = torch.eye(3, dtype=torch.bool)
# >>> inf = float("inf")
# >>> a = torch.where(eye, -inf, scores)
# >>> a
# tensor([[-inf, 1., 2.],
#         [3., -inf, 5.],
#         [6., 7., -inf]])
# >>> b = scores.masked_fill(eye, -inf)
# >>> torch.equal(a, b)
# True
# ```
#
# ### Diagram
#
# The colour marks the input a value comes from: `input` has one colour, `other` another, and
# each cell of `condition` takes the colour of the input it selects (`True`: `input`,
# `False`: `other`). So each cell of the result has the colour of the input it came from.

# %%
# all three (2, 3)
condition = torch.tensor(
    [
        [True, False, True],
        [False, True, False],
    ]
)
# torch.where's input; the "_" keeps
# Python's own input() usable
input_ = torch.tensor(
    [[1, 2, 3], [4, 5, 6]],
)
other = torch.tensor(
    [[-1, -2, -3], [-4, -5, -6]],
)
at.diagram_where(
    condition,
    input_,
    other,
)

# %% [markdown]
# ### Pitfalls
#
# **Both branches are computed, everywhere.** `torch.where(x > 0, torch.sqrt(x), 0.0)`
# looks safe, but `torch.sqrt(x)` runs on the negative elements too. The forward result is
# fine; the gradient is not (autograd: see [Training](training.py)). The branch that was
# not chosen receives the gradient 0, but the derivative of `sqrt` itself at $-1$ is
# `nan`, and the chain rule multiplies the two:
# $0 \times \mathrm{nan} = \mathrm{nan}$:

# %%
x = torch.tensor(
    [-1.0, 4.0],
    requires_grad=True,
)
root = torch.sqrt(x)
y = torch.where(x > 0, root, 0.0)
y.sum().backward()
print("gradient:", x.grad)
x.grad = None
# keep sqrt's gradient finite where it
# is not chosen
safe = torch.sqrt(x.clamp(min=1e-12))
y = torch.where(x > 0, safe, 0.0)
y.sum().backward()
print("with clamp:", x.grad)
grad_clamp = x.grad.tolist()
x.grad = None
# the usual fix: a safe input where the
# branch is not chosen
safe_x = torch.where(x > 0, x, 1.0)
root = torch.sqrt(safe_x)
y = torch.where(x > 0, root, 0.0)
y.sum().backward()
print("safe input:", x.grad)
grad_safe = x.grad.tolist()

# %% [markdown]
# With the clamp, the element that was not chosen gets 0 (a finite derivative times 0), and
# the chosen one keeps `sqrt`'s gradient $1/(2\sqrt{4}) = 0.25$. The more common fix, in
# the cell's last lines, makes the input itself safe where it is not chosen: `safe_x` holds
# 1.0 there, so `sqrt` computes $\sqrt{1}$, and the gradient is again 0 and 0.25.
#
# Shapes that do not broadcast are refused:

# %%
condition = torch.ones(2, 3) > 0
b = torch.ones(3, 2)
try:
    torch.where(condition, b, 0.0)
except RuntimeError as err:
    print("RuntimeError:", err)

# %% [markdown]
# Listed in the error-message index: [`The size of tensor a (…) must match the size of tensor b (…) at non-singleton dimension …`](errors.py#the-size-of-tensor-a--must-match-the-size-of-tensor-b--at-non-singleton-dimension-).

# %% [markdown]
# ### Where the chapter uses it
#
# The page [From kernel regression to Transformer attention](../transformer.py) calls it
# twice, in the section [Why one w becomes a matrix](../transformer.py#why-one-w-becomes-a-matrix),
# and names it once more in
# [Leave-one-out as a masked softmax](../transformer.py#leave-one-out-as-a-masked-softmax).
# The first call picks the training point P like this:
#
# ```python
# p_idx = torch.where(
#     far_x2, diff[:, 0].abs(), torch.inf
# ).argmin()
# ```
#
# The points that meet the condition `far_x2` keep their distance along x₁, and every other
# point gets `torch.inf`, so `argmin` never picks it. R is picked the same way, with
# `far_x1` as the condition and `diff.norm(dim=1)` as the distance. It is the trick of the
# `-inf` above: fill the places that must not be chosen with a value that cannot win; only
# the sign is flipped, since `argmin` looks for the smallest value. The
# masked-softmax section gives `where` as the other spelling of `masked_fill`, the example
# above. The page [Parametric attention pooling](../parametric.py) builds its
# leave-one-out keys and values with boolean indexing instead
# ([torch.eye and boolean masks](mask.py)).

# %% fold="Checks of this page's text (skip them)"
# checks of this page's text: 0 where
# not chosen, 1/(2*sqrt(4)) = 0.25
assert grad_clamp == [0.0, 0.25]
assert grad_safe == [0.0, 0.25]
