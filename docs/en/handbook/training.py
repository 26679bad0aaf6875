# %% [markdown]
# # Training: nn.Parameter, nn.MSELoss and torch.optim.SGD
#
# The parametric model learns one number, $w$. Three pieces make that happen:
# `nn.Parameter` marks $w$ as something to learn, `nn.MSELoss` measures how wrong the
# predictions are, and `torch.optim.SGD` moves $w$ downhill. Between them, `backward()`
# computes the gradient.
#
# `at` below is the tutorial's package: `at.SEED` is 0, the seed of every page;
# `at.diagram_*` only draw the pictures and are not PyTorch API to learn.

# %%
import warnings

import torch
from torch import nn

import attention_tutorial as at

# %% [markdown]
# ## nn.Parameter
#
# ```python
# torch.nn.Parameter(
#     data=None,
#     requires_grad=True,
# )
# ```
#
# It wraps a tensor and marks it as a learnable parameter: when it is assigned as an
# attribute of an `nn.Module`, the module registers it, so that `module.parameters()` (and
# hence the optimizer) sees it.
#
# - `data`: the initial values, a tensor.
# - `requires_grad`: `True` by default; that is the point of a parameter.
#
# ### Examples
#
# ```pycon
# >>> import torch
# >>> from torch import nn
# >>> _ = torch.manual_seed(0)
# >>> w = nn.Parameter(torch.rand(1))
# >>> w
# Parameter containing:
# tensor([0.4963], requires_grad=True)
# >>> # a plain tensor is not tracked
# >>> plain = torch.rand(1)
# >>> w.requires_grad, plain.requires_grad
# (True, False)
# ```
#
# `w` and `plain` both hold an ordinary number, and they differ in two ways. First the
# `requires_grad` flag: it tells autograd (PyTorch's machinery that computes gradients
# from a record of the operations) to record every operation on `w`, so that a gradient
# can be computed for it. Second the type: `w` is a `Parameter`, the only kind of attribute
# a module registers as a parameter (what `parameters()` returns).
#
# `requires_grad=True` alone does not make up for the second: only a `Parameter` attribute
# is registered; a plain tensor attribute, even one that requires grad, is invisible to
# `parameters()`, so an optimizer would never update it:
#
# ```pycon
# >>> import torch
# >>> from torch import nn
# >>> class Model(nn.Module):
# ...     def __init__(self):
# ...         super().__init__()
# ...         one = torch.ones(1)
# ...         # registered
# ...         self.w = nn.Parameter(one)
# ...         # plain tensor: unregistered
# ...         self.b = torch.zeros(1)
# ...
# >>> params = Model().named_parameters()
# >>> [name for name, _ in params]
# ['w']
# ```
#
# ### Pitfalls
#
# A tensor that requires grad cannot be turned into a NumPy array directly, for example
# to plot it. Detach it first; the message says so (for what `detach()` does, see
# [clone and detach](clone.py)):

# %%
_ = torch.manual_seed(at.SEED)
w = nn.Parameter(torch.rand(1))  # (1,)
try:
    w.numpy()
except RuntimeError as err:
    print("RuntimeError:", err)
# detached first: a plain numpy array
print(w.detach().numpy().round(4))

# %% [markdown]
# Listed in the error-message index: [`Can't call numpy() on Tensor that requires grad`](errors.py#cant-call-numpy-on-tensor-that-requires-grad).

# %% [markdown]
# ### Where the chapter uses it
#
# [Parametric attention pooling](../parametric.py): the one parameter of
# <autoref identifier="attention_tutorial.model.NWKernelRegression">NWKernelRegression</autoref>,
# `self.w`, is in effect `nn.Parameter(torch.rand(1))` (the package also passes an optional
# `generator`);
# the package's `NWKernelRegression` stores `attention_weights` detached, so that they can
# be plotted (the d2l book's model stores them without detaching).
#
# ## nn.MSELoss
#
# ```python
# torch.nn.MSELoss(
#     size_average=None,
#     reduce=None,
#     reduction='mean',
# )
# loss(input, target) -> Tensor
# ```
#
# It computes the squared error $(\text{input}_i - \text{target}_i)^2$ of every element
# and then reduces them: `'none'` keeps them all, `'sum'` adds them up, `'mean'` (the
# default) averages them.
#
# - `reduction`: `'none'`, `'sum'` or `'mean'`.
# - `size_average`, `reduce`: old names for the same choice, deprecated; ignore them.
# - `input`, `target` (when calling it): tensors of the **same shape**.
#
# There is no factor $\frac{1}{2}$: some texts define the squared loss as
# $\frac{1}{2}(\hat{y} - y)^2$, and their losses are half of these.
#
# ### Examples
#
# ```pycon
# >>> import torch
# >>> from torch import nn
# >>> y_hat = torch.tensor(
# ...     [1.0, 2.0, 3.0]
# ... )
# >>> y = torch.tensor([1.0, 0.0, 0.0])
# >>> loss = nn.MSELoss(reduction='none')
# >>> loss(y_hat, y)
# tensor([0., 4., 9.])
# >>> loss = nn.MSELoss(reduction='sum')
# >>> loss(y_hat, y)
# tensor(13.)
# >>> # 'mean' by default: 13 / 3
# >>> nn.MSELoss()(y_hat, y)
# tensor(4.3333)
# ```
#
# ### Diagram
#
# The `y_hat` and `y` of the example above: first the per-element squared errors, which the
# picture calls `squared_errors`, as the chapter's code does (the d2l book calls them `l`), then
# reduced to one number by `sum` or `mean`.

# %%
y_hat = torch.tensor([1.0, 2.0, 3.0])
y = torch.tensor([1.0, 0.0, 0.0])
at.diagram_mse_loss(y_hat, y)

# %% [markdown]
# ### Pitfalls
#
# `input` and `target` must have the same shape. A `(3,)` prediction against a `(3, 1)`
# target is broadcast to `(3, 3)`: every prediction is compared with every target, nine
# “errors” instead of three. PyTorch only warns; it raises nothing. The cell below takes the
# example's `y_hat` and `y`, with `y` written as a column, and prints the shape of the
# errors, the warning and the loss both ways: with the column target the sum of the
# errors is larger than the correct one, computed with `y.reshape(-1)` (33.0 against 13.0);
# with the default `'mean'` it is 3.67 against 4.33, smaller. The loss is different, not
# necessarily larger, so its size alone does not give the mistake away.

# %%
mse = nn.MSELoss(reduction="none")
# the example's values: (3,)
y_hat = torch.tensor([1.0, 2.0, 3.0])
# the same targets as a column: (3, 1)
y = torch.tensor([[1.0], [0.0], [0.0]])
# keep the warning, to print it below
with warnings.catch_warnings(
    record=True,
    action="always",
) as caught:
    # (3,) and (3, 1) broadcast: (3, 3)
    errors = mse(y_hat, y)
shape = tuple(errors.shape)
print("shape of the errors:", shape)
kind = caught[0].category.__name__
print(kind + ":", caught[0].message)
# the same shapes: (3,) and (3,)
right = mse(y_hat, y.reshape(-1))
loss = right.sum().item()
print("loss, (3,) and (3,):  ", loss)
loss = errors.sum().item()
print("loss, (3,) and (3, 1):", loss)
# the default reduction='mean': divided
# by 3 and by 9 elements
mean = round(right.mean().item(), 2)
print("mean, (3,) and (3,):  ", mean)
mean = round(errors.mean().item(), 2)
print("mean, (3,) and (3, 1):", mean)
# every prediction against every target:
# a different loss, larger as a sum,
# smaller as a mean
assert shape == (3, 3)
assert errors.sum() > right.sum()
assert errors.mean() < right.mean()

# %% [markdown]
# ### Where the chapter uses it
#
# [Parametric attention pooling](../parametric.py): `nn.MSELoss(reduction='none')` gives
# one squared error per training point, and `squared_errors.sum()` is the loss that is
# minimised and plotted.
#
# ## torch.optim.SGD
#
# ```python
# torch.optim.SGD(
#     params,
#     lr=0.001,
#     momentum=0,
#     dampening=0,
#     weight_decay=0,
#     nesterov=False,
#     *,
#     maximize=False,
#     foreach=None,
#     differentiable=False,
#     fused=None,
# )
# ```
#
# Arguments after the `*` must be passed by name: `maximize=True`, not a seventh positional
# argument.
#
# Stochastic gradient descent: each `step()` moves every parameter $p$ against its
# gradient, $p \leftarrow p - \text{lr} \cdot \frac{\partial \text{loss}}{\partial p}$.
#
# - `params`: the tensors to update, usually `model.parameters()`.
# - `lr`: the learning rate, the size of each step (the chapter uses 0.5).
# - `momentum`, `dampening`, `weight_decay`, `nesterov`, `maximize`: variants of the
#   update, all off by default; the other keywords choose implementations.
#
# Every training step does four things, in this order:
#
# 1. `optimizer.zero_grad()` clears the gradients of the previous step;
# 2. a forward pass computes `loss` (anew each step: the parameters have just changed);
# 3. `loss.backward()` computes $\partial \text{loss} / \partial p$ for every parameter
#    and adds it to `p.grad` (which `zero_grad()` emptied: by default it sets `p.grad` to
#    `None` rather than zeros);
# 4. `optimizer.step()` updates the parameters using `p.grad`.
#
# ### Examples
#
# ```pycon
# >>> import torch
# >>> from torch import nn
# >>> w = nn.Parameter(torch.ones(1))
# >>> optimizer = torch.optim.SGD(
# ...     [w],
# ...     lr=0.1,
# ... )
# >>> # smallest at w = 2
# >>> loss = ((3 * w - 6) ** 2).sum()
# >>> optimizer.zero_grad()
# >>> # d loss / d w = 2 * (3w - 6) * 3,
# >>> # -18 at w = 1
# >>> loss.backward()
# >>> w.grad
# tensor([-18.])
# >>> # w - 0.1 * (-18) = 2.8: past the
# >>> # minimum at 2. lr = 0.1 is large
# >>> # for this loss: its curvature is
# >>> # 2 * 3 ** 2 = 18, so any lr above
# >>> # 1/18 overshoots the minimum
# >>> optimizer.step()
# >>> w
# Parameter containing:
# tensor([2.8000], requires_grad=True)
# ```
#
# ### Diagram
#
# One step on a two-element parameter: `backward()` computes `w.grad`,
# and the picture applies $w - \text{lr} \cdot \text{grad}$ cell by cell.

# %%
w0 = torch.tensor([1.0, -1.0])  # (2,)
w = nn.Parameter(w0)
target = torch.tensor([6.0, 0.0])
# a scalar
loss = ((3 * w - target) ** 2).sum()
# fills w.grad, shape (2,)
loss.backward()
at.diagram_sgd_step(
    w.detach(),
    w.grad,
    0.1,
)

# %% [markdown]
# ### Pitfalls
#
# Without `zero_grad()`, `backward()` **adds** to the old gradient. Two backward passes
# of the same loss function, computed afresh each time, give twice the gradient:

# %%
# (1,)
w = nn.Parameter(torch.tensor([1.0]))
for attempt in (1, 2):
    loss = ((3 * w - 6) ** 2).sum()
    # no zero_grad() in between
    loss.backward()
    print(
        f"after backward() #{attempt}:",
        f"w.grad = {w.grad.item():.1f}",
    )

# %% [markdown]
# The loop above computes `loss` anew each time. Calling `backward()` twice on **the same**
# `loss` fails instead. The forward pass stores in the [graph](../glossary.md#computational-graph)
# the values that [backpropagation](../glossary.md#backpropagation) will need; here the square stores $3w - 6$. The first
# `backward()` uses them and frees them, so the second has nothing to work with. A training loop therefore runs a new forward
# pass at every step, for a new loss; only when you really need two backward passes through
# one graph do you write `backward(retain_graph=True)` the first time.

# %%
# (1,)
w = nn.Parameter(torch.tensor([1.0]))
# ** 2 saves 3w - 6 for backward()
loss = ((3 * w - 6) ** 2).sum()
# uses the saved value, then frees it
loss.backward()
try:
    # the same loss again: nothing left
    # to backpropagate through
    loss.backward()
except RuntimeError as err:
    print("RuntimeError:", err)

# %% [markdown]
# Listed in the error-message index: [`Trying to backward through the graph a second time`](errors.py#trying-to-backward-through-the-graph-a-second-time).

# %% [markdown]
# And `backward()` needs a single number. With `reduction='none'` the loss is a vector,
# which is why the chapter writes `squared_errors.sum().backward()`:

# %%
w0 = torch.tensor([1.0, -1.0])  # (2,)
w = nn.Parameter(w0)
target = torch.tensor([6.0, 0.0])
mse = nn.MSELoss(reduction="none")
# one per element: (2,)
squared_errors = mse(3 * w, target)
try:
    squared_errors.backward()
except RuntimeError as err:
    print("RuntimeError:", err)
# a scalar: fine
squared_errors.sum().backward()
print("w.grad =", w.grad)

# %% [markdown]
# Listed in the error-message index: [`grad can be implicitly created only for scalar outputs`](errors.py#grad-can-be-implicitly-created-only-for-scalar-outputs).

# %% [markdown]
# A gradient step written by hand, `w -= lr * w.grad`, without an optimizer, fails too:
# `w` is a [leaf tensor](../glossary.md#leaf-tensor) that requires grad (a tensor that
# requires grad is a leaf when the user created it, not an operation; the graph starts at
# it), and autograd refuses to let it be
# changed [in place](../glossary.md#in-place-operation), since that change would itself be recorded in the graph. Inside `with torch.no_grad():`
# nothing is recorded, and that is what `optimizer.step()` does internally.

# %%
# (1,)
w = nn.Parameter(torch.tensor([1.0]))
# w.grad = -18
((3 * w - 6) ** 2).sum().backward()
lr = 0.1
try:
    # a hand-written step on a leaf:
    # autograd refuses it
    w -= lr * w.grad
except RuntimeError as err:
    print("RuntimeError:", err)
with torch.no_grad():
    # the same step, not recorded
    w -= lr * w.grad
value = round(w.item(), 4)
print("w after one step:", value)
# 1 - 0.1 * (-18)
assert abs(w.item() - 2.8) < 1e-6

# %% [markdown]
# Listed in the error-message index: [`a leaf Variable that requires grad is being used in an in-place operation`](errors.py#a-leaf-variable-that-requires-grad-is-being-used-in-an-in-place-operation).

# %% [markdown]
# ### Where the chapter uses it
#
# [Parametric attention pooling](../parametric.py): `torch.optim.SGD(model.parameters(), lr=0.5)`,
# five epochs, each one `zero_grad` → the forward pass, giving `squared_errors` →
# `squared_errors.sum().backward()` → `step`; the package's
# <autoref identifier="attention_tutorial.training.train">train</autoref> is that loop.
# Every step's loss comes from all 50 examples, so although the class is SGD, what it runs
# is full-batch gradient descent.
# [Why the trained curve is less smooth](../smoothness.py) looks at where the first, very large
# step throws $w$, and why the next four barely move it; its section
# [Why SGD ends up there](../smoothness.py#why-sgd-ends-up-there) takes that first step by hand
# inside `with torch.no_grad():`, then sets `probe.w.grad = None`: the in-place and accumulation
# pitfalls above, in use.
#
# The section [Key formulas](../recap.py#key-formulas) of the [Chapter recap](../recap.py) writes
# that loop out by hand, `zero_grad` → loss → `backward` → `step`.
# [Learned projections on a 2-D toy problem](../projections.py) trains with `torch.optim.Adam`
# and, in [Plain SGD instead of Adam](../projections.py#plain-sgd-instead-of-adam), with this
# page's SGD, through the package's `train_leave_one_out`; its loop is the same `zero_grad` →
# forward pass → `backward` → `step`, but that page does not show it.
