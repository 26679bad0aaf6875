# %% [markdown]
# # Parametric attention pooling
#
# In the Nadaraya-Watson estimator of [non-parametric attention pooling](nonparametric.py) the
# Gaussian kernel
# has a fixed width of 1, and nothing is learned. This page gives it **one** learnable scalar $w$,
# so that the model decides from the data how wide the kernel should be:
#
# $$\hat f(x) = \sum_{i=1}^{n} \operatorname{softmax}\left(-\tfrac{1}{2}\big((x - x_i)\, w\big)^2\right) y_i .$$
#
# The softmax runs over $i$, over all the keys. $w$ multiplies the distance $x - x_i$: the larger
# $|w|$, the more every distance is stretched and the faster the weight of a slightly distant key
# falls off; with $w = 1$ we are back to the non-parametric page. The plan: write the batched weighted
# average with `torch.bmm`, build the training keys and values by *leaving one out*, train $w$,
# then look at the fit and at the attention weights.

# %%
import torch
from torch import nn
from torch.nn import functional as F

import attention_tutorial as at

# the one seed of the whole chapter
_ = torch.manual_seed(at.SEED)

# %% [markdown]
# The data are those of the earlier pages: `make_data` draws 50 training examples from a fixed
# seed; the 50 test inputs are the grid $0, 0.1, \ldots, 4.9$.

# %%
data = at.make_data()
x_train = data.x_train
y_train = data.y_train
x_test = data.x_test
n_train = len(x_train)
n_test = len(x_test)
print(
    "n_train =",
    n_train,
    " n_test =",
    n_test,
)

# %% [markdown]
# ## A learnable parameter
#
# `torch.rand(1)` is an ordinary tensor. Wrapped in `nn.Parameter`, its `requires_grad` becomes
# `True`, so backpropagation computes a gradient for it; and when it is stored as an attribute of
# an `nn.Module`, `module.parameters()` picks it up and hands it to the optimiser.

# %%
plain = torch.rand(1)  # (1,)
w = nn.Parameter(torch.rand(1))  # (1,)
print(
    "plain tensor: requires_grad =",
    plain.requires_grad,
)
print(
    "nn.Parameter: requires_grad =",
    w.requires_grad,
)
print(
    "nn.Parameter: shape =",
    tuple(w.shape),
)

# %% [markdown]
# ## Batch matrix multiplication
#
# During training every query gets its own row of keys and values (the next section shows why), so
# a single `matmul` with one shared value vector, as on the non-parametric page, no longer fits.
# `torch.bmm(X, Y)` performs a whole batch of independent matrix products at once: `X` has shape
# $(b, n, m)$, `Y` has shape $(b, m, p)$, the result has shape $(b, n, p)$, and its $k$-th entry is
# `X[k] @ Y[k]`. Both inputs must be 3-D and have the same batch size $b$.

# %%
# (2, 1, 4): a batch of two 1x4 matrices
X = torch.ones((2, 1, 4))
# (2, 4, 6): a batch of two 4x6 matrices
Y = torch.ones((2, 4, 6))
# (2, 1, 4) @ (2, 4, 6) -> (2, 1, 6)
print(tuple(torch.bmm(X, Y).shape))

# %% [markdown]
# How does a weighted average become a `bmm`? Take 3 queries with 4 weights and 4 values each, all
# stored as `(3, 4)` matrices. `unsqueeze(1)` inserts a dimension of length 1 at position 1 and turns
# each row of weights into a $1 \times 4$ row vector; `unsqueeze(-1)` inserts one at the end and
# turns each row of values into a $4 \times 1$ column vector. A row vector times a column vector is a
# $1 \times 1$ matrix holding that row's weighted sum, and `reshape(-1)` flattens the result.

# %%
# (3, 4): each row averages 4 values
weights = torch.full((3, 4), 0.25)
# 0, 1, ..., 11
numbers = torch.arange(12.0)
# (3, 4): the rows 0-3, 4-7 and 8-11
values_small = numbers.reshape((3, 4))
# (3, 1, 4): a 1x4 row per query
rows = weights.unsqueeze(1)
# (3, 4, 1): a 4x1 column per query
columns = values_small.unsqueeze(-1)
print(
    "weights.unsqueeze(1): ",
    tuple(rows.shape),
)
print(
    "values.unsqueeze(-1):",
    tuple(columns.shape),
)
# (3, 1, 4) @ (3, 4, 1) -> (3, 1, 1)
pooled = torch.bmm(rows, columns)
print(
    "bmm:",
    tuple(pooled.shape),
    "-> reshape(-1):",
    tuple(pooled.reshape(-1).shape),
)
# (3,)
print(pooled.reshape(-1))
# the same as multiplying element by
# element and summing each row
products = weights * values_small
same_sum = torch.equal(
    pooled.reshape(-1),
    products.sum(dim=1),
)
print(same_sum)
assert same_sum

# %% [markdown]
# The three rows of values are 0 to 3, 4 to 7 and 8 to 11, and their averages are the three numbers
# printed above; the last line shows that `bmm` gives exactly "multiply element-wise, then sum each
# row".
#
# ## Leave-one-out keys and values, step by step
#
# During training the queries are the training inputs $x_i$ themselves. If $x_i$ were also among its
# own keys, the model could simply make $|w|$ huge, let $x_i$ attend only to itself and copy its own
# label $y_i$: the training loss would slide all the way to 0 (the page
# *[Why leave one out](leave-one-out.py)* plots exactly this). So training example $i$ gets the keys
# and values of the other $n - 1$ examples only.
#
# Step 1: `repeat((n_train, 1))` treats the whole of `x_train` as one row and stacks `n_train`
# copies of it, giving a square matrix whose every row is `x_train`. Compare `repeat_interleave`,
# which repeats each element back to back.

# %%
# (n_train, n_train), rows = x_train
x_tiled = x_train.repeat((n_train, 1))
print("x_tiled:", tuple(x_tiled.shape))
rows_are_x_train = (
    torch.equal(x_tiled[0], x_train),
    torch.equal(x_tiled[-1], x_train),
)
print(*rows_are_x_train)
assert all(rows_are_x_train)

# %% [markdown]
# Step 2: a boolean mask that is `False` on the diagonal and `True` everywhere else.
# `torch.eye(n_train)` is the identity matrix (1 on the diagonal, 0 elsewhere), called `eye` in the
# code; `1 - eye` flips it, and `.type(torch.bool)` turns 0/1 into `False`/`True`. Only the top-left $4 \times 4$
# corner is printed.

# %%
# (n_train, n_train), 1 on the diagonal
eye = torch.eye(n_train)
# (n_train, n_train), False on diagonal
mask = (1 - eye).type(torch.bool)
print(
    "mask:",
    tuple(mask.shape),
    mask.dtype,
)
print(mask[:4, :4])

# %% [markdown]
# Step 3: index with the mask. `x_tiled[mask]` collects the entries where the mask is `True`, row
# after row, into one 1-D tensor of length $n(n-1)$. Every row loses exactly one entry (the one on
# the diagonal), so `reshape((n_train, -1))` gives `(n_train, n_train - 1)`: row $i$ holds all the
# training inputs except $x_i$. The values `y_train` go through the same mask, so keys and values
# stay paired.

# %%
# (n_train * (n_train - 1),), row by row
flat = x_tiled[mask]
print(
    "x_tiled[mask]:",
    tuple(flat.shape),
)
# (n_train, n_train - 1)
keys = flat.reshape((n_train, -1))
# (n_train, n_train)
y_tiled = y_train.repeat((n_train, 1))
# (n_train * (n_train - 1),): same mask
flat_y = y_tiled[mask]
# (n_train, n_train - 1)
values = flat_y.reshape((n_train, -1))
print(
    "keys:",
    tuple(keys.shape),
    " values:",
    tuple(values.shape),
)

# %% [markdown]
# A check: row $i$ must equal `x_train` with its $i$-th entry deleted. `torch.cat` glues together the
# pieces before and after position $i$ for the comparison. The package's
# <autoref identifier="attention_tutorial.pooling.leave_one_out">leave_one_out</autoref>
# performs the three steps above.


# %%
def without(j):
    # (n_train - 1,): all but x_train[j]
    before = x_train[:j]
    after = x_train[j + 1 :]
    return torch.cat([before, after])


i = 3
# (n_train - 1,)
without_i = without(i)
x_i = x_train[i].item()
print(f"x_train[{i}] = {x_i:.4f}")
drops_i = torch.equal(
    keys[i],
    without_i,
)
print(
    f"keys[{i}] drops exactly",
    f"x_train[{i}]:",
    drops_i,
)
# row j of the expected keys: without(j)
expected = []
for j in range(n_train):
    expected.append(without(j))
every_row = torch.equal(
    keys,
    torch.stack(expected),
)
print(
    "the same holds for every row:",
    every_row,
)
keys_pkg, values_pkg = at.leave_one_out(
    x_train,
    y_train,
)
same_as_package = (
    torch.equal(keys, keys_pkg),
    torch.equal(values, values_pkg),
)
print(
    "same as at.leave_one_out:",
    *same_as_package,
)
assert drops_i and every_row
assert all(same_as_package)

# %% [markdown]
# ## The model
#
# <autoref identifier="attention_tutorial.model.NWKernelRegression">NWKernelRegression</autoref>
# is an `nn.Module` whose only parameter is `w`, in effect `nn.Parameter(torch.rand(1))` (the package
# also passes an optional `generator`). The initial $w$ is
# random, so we seed again right before creating the model: every run then starts from the same
# value, and the page *[Why the trained curve is less smooth](smoothness.py)* can retrain and get the
# same $w$.

# %%
# same seed -> the same initial w
_ = torch.manual_seed(at.SEED)
model = at.NWKernelRegression()
w_initial = model.w.item()
print(f"initial w = {w_initial:.4f}")
named = model.named_parameters()
print(
    "parameters:",
    [name for name, _ in named],
)

# %% [markdown]
# Its forward pass follows the steps above: repeat each query $n - 1$ times into an
# `(n_train, n_train - 1)` matrix, compute $-\frac{1}{2}((x - x_i) w)^2$, take the softmax along
# `dim=1`, and form the weighted sums with `bmm`. Here it is by hand, with the shape after each step,
# compared at the end with `model(...)`.

# %%
# each training point sees the other
# n_train - 1 points
n_keys = n_train - 1
# (n_train * n_keys,)
queries = x_train.repeat_interleave(
    n_keys,
)
# (n_train, n_keys)
queries = queries.reshape((-1, n_keys))
# (n_train, n_keys)
diffs = (queries - keys) * model.w
scores = -(diffs**2) / 2
# (n_train, n_keys)
attention_weights = F.softmax(
    scores,
    dim=1,
)
# row vectors: (n_train, 1, n_keys)
rows = attention_weights.unsqueeze(1)
# column vectors: (n_train, n_keys, 1)
columns = values.unsqueeze(-1)
# (n_train, 1, 1)
y_hat_train = torch.bmm(
    rows,
    columns,
)
# (n_train,)
y_hat_flat = y_hat_train.reshape(-1)
print(
    "attention_weights:",
    tuple(attention_weights.shape),
)
print(
    "unsqueeze(1):     ",
    tuple(rows.shape),
)
print(
    "unsqueeze(-1):    ",
    tuple(columns.shape),
)
print(
    "bmm:              ",
    tuple(y_hat_train.shape),
)
print(
    "reshape(-1):      ",
    tuple(y_hat_flat.shape),
)
same_as_model = torch.allclose(
    y_hat_flat,
    model(x_train, keys, values),
)
print(
    "same as model(...):",
    same_as_model,
)
assert same_as_model

# %% [markdown]
# ## Training
#
# The loss is the sum of the squared errors of the training examples. The heart of
# <autoref identifier="attention_tutorial.training.train">train</autoref> is the loop below:
# `nn.MSELoss(reduction='none')` returns the squared error of each example (no averaging), `.sum()`
# adds them up to the loss $L$, `backward()` computes $\partial L / \partial w$, and the optimizer
# `torch.optim.SGD` updates $w$ with the learning rate 0.5 (the second statement below hands it
# `model.parameters()`). Each epoch computes one gradient on all 50 examples
# and makes one update, 5 epochs in all: the class is called SGD (stochastic gradient descent),
# but what runs here is **[full-batch gradient descent](glossary.md#full-batch-gradient-descent)**, with no random sampling at all.
#
# ```python
# loss = nn.MSELoss(reduction="none")
# trainer = torch.optim.SGD(
#     model.parameters(),
#     lr=0.5,
# )
# for epoch in range(5):
#     # clear the old gradient
#     trainer.zero_grad()
#     # (n_train,)
#     squared_errors = loss(
#         model(x_train, keys, values),
#         y_train,
#     )
#     # d(sum)/dw, stored in model.w.grad
#     squared_errors.sum().backward()
#     # w <- w - lr * grad
#     trainer.step()
# ```
#
# `train` returns the loss of each epoch, measured before that epoch's update.
#
# <!-- source: attention_tutorial.training.train -->

# %%
# 5 epochs of SGD, lr = 0.5
losses = at.train(
    model,
    x_train,
    y_train,
)
for epoch, epoch_loss in enumerate(
    losses,
    start=1,
):
    print(
        f"epoch {epoch},",
        f"loss {epoch_loss:.4f}",
    )
w_learned = model.w.item()
print(f"learned w = {w_learned:.4f}")

# %%
at.plot_loss(losses)

# %% [markdown]
# The first loss is that of the random initial $w$. It drops sharply after the first update and
# hardly moves in the later epochs. The printed $w$ is much larger than where it started, so the
# kernel has become much narrower. Why the first step throws it there, and whether that is a
# good thing, is the subject of *[Why the trained curve is less smooth](smoothness.py)*.
#
# ## Predicting on the test set
#
# At prediction time the queries are the test inputs `x_test`, and the keys and values are **all**
# the training data: the test inputs are not in the training set, so there is nothing to leave out.
# Every query gets the same row of keys, tiled into `n_test` rows with `repeat((n_test, 1))`. (Why
# the prediction ends in `.detach()`: see [detach before plotting](#detach-before-plotting) below.)

# %%
# (n_test, n_train), rows = x_train
keys_test = x_train.repeat((n_test, 1))
# (n_test, n_train)
values_test = y_train.repeat(
    (n_test, 1),
)
# (n_test,)
y_hat = model(
    x_test,
    keys_test,
    values_test,
).detach()
print(
    "keys_test:",
    tuple(keys_test.shape),
    " y_hat:",
    tuple(y_hat.shape),
)
y_truth = data.y_truth
# (n_test,)
errors = y_hat - y_truth
mse_learned = (errors**2).mean().item()
# w = 1: the non-parametric page's model
mse_w1 = at.mse_against_truth(
    1.0,
    x_test,
    y_truth,
    x_train,
    y_train,
)
print(
    "test MSE against the true f:",
    f"{mse_learned:.4f}",
)
print(
    "the same with w = 1:        ",
    f"{mse_w1:.4f}",
)
assert mse_learned < mse_w1 / 2
at.plot_fit(
    x_test,
    y_truth,
    y_hat,
    x_train,
    y_train,
)

# %% [markdown]
# Compared with the non-parametric page, the dashed line stays closer to the training points and
# is visibly more wiggly. The last line printed is the test error of $w = 1$, that is of the
# non-parametric page's model (the number printed there). The learned $w$ cuts it to about a
# third. It is not the best one can do: that page's
# [gallery of bandwidths](nonparametric.py#a-gallery-of-bandwidths) shows some with smaller
# errors still, and the page *[Why the trained curve is less smooth](smoothness.py)* explains why.
#
# ## The attention weights
#
# During the forward pass the model stores the weights in `model.attention_weights`, of shape
# `(n_test, n_train)`: one row per query (test input), one column per key (training input).
# Compared with the heatmap of the non-parametric page, the band of weight is
# much narrower: each query gives
# its weight to the few training points closest to it.

# %%
# (n_test, n_train): a row per query
weights_test = model.attention_weights
print(
    "attention_weights:",
    tuple(weights_test.shape),
)
print(
    "requires_grad:",
    weights_test.requires_grad,
)
at.plot_attention_heatmap(
    weights_test,
    queries=x_test,
    keys=x_train,
)

# %% [markdown]
# ## Detach before plotting
#
# Plotting eventually hands the tensor over to NumPy and matplotlib. A tensor that requires grad
# (an `nn.Parameter`, or anything computed from one that is still attached to the graph) refuses
# `.numpy()` with the error `Can't call numpy() on Tensor that requires grad`:

# %%
needs_grad = torch.ones(
    2,
    requires_grad=True,
)
# the message, wrapped at 40 characters
with at.prints_error(
    RuntimeError,
    width=40,
):
    needs_grad.numpy()
print(needs_grad.detach().numpy())

# %% [markdown]
# Listed in the error-message index: [`Can't call numpy() on Tensor that requires grad`](handbook/errors.py#cant-call-numpy-on-tensor-that-requires-grad).

# %% [markdown]
# The message says what to do: call `.detach()` first, which gives a tensor that shares the data
# but is cut off from the graph. Many readers hit this error when plotting the trained attention
# weights, because those weights are computed from $w$. The model of this tutorial already calls
# `.detach()` when it stores `attention_weights` (the printed `requires_grad` above is `False`), so
# they can be plotted directly.
#
# ## Common confusions
#
# **Why remove the diagonal?** The diagonal of the mask is "query $i$ against key $i$": a training
# point against itself. Keep it and training drives $|w|$ towards infinity while every point copies
# its own label; remove it and the model has to predict each point from its neighbours, which is
# exactly what it must do on the test set. See *[Why leave one out](leave-one-out.py)*.
#
# **Why one scalar $w$ and not one per key?** A single $w$ is one shared kernel width: the model is
# still "a distance-weighted average", only the width is chosen by the data. With a $w_i$ for every
# key, 50 points would bring 50 parameters and each point's window could stretch or shrink at will;
# 50 noisy samples cannot pin all of them down, and the model would be free to chase the noise. This
# page only shows that attention pooling can have parameters, and one scalar is enough for that.
#
# **Is this attention or k-nearest-neighbours?** It is attention pooling: every key gets a soft
# weight set by the query-key similarity, and the weights are differentiable in $w$, so gradient
# descent can train it. k-nearest-neighbours takes the $m$ closest points and weights them equally
# ($m$, since $k$ already names the keys). As $|w|$ grows, the closest key takes almost all the
# weight and the model turns into 1-nearest-neighbour. The trained $w$ leans towards that extreme without
# reaching it: the narrow band of the heatmap puts the weight on the few nearest keys. For most
# queries the weights are still soft and shared by more than one key; a few queries, close to one
# training point and far from all the others, already give almost all their weight to that key,
# and there the model is no different from 1-nearest-neighbour (see
# *[Why the trained curve is less smooth](smoothness.py)*).
#
# **What is the learned $w$, and why does it sharpen the weights?** The score is
# $-\frac{1}{2}(x - x_i)^2 w^2$. The larger $w^2$, the more a given distance is penalised, the faster
# the weights of distant keys decay after the softmax, and the more the weight piles up on the
# nearest keys. Put differently, $1/|w|$ is the bandwidth of the Gaussian kernel: $w$ is an inverse
# bandwidth.
#
# **My losses are half (or double) those of another version.** The loss here is the plain sum of
# squared errors, with no $\frac{1}{2}$ in front. Some texts put $\frac{1}{2}$ in front of the
# squared loss, others average it, so the printed numbers differ. The minimum of the loss stays where
# it is, but the gradient scales with the loss: halving the loss halves the learning rate, so after
# the same 5 epochs $w$ ends somewhere else (which d2l version does what:
# [From d2l §10.2 to this site](d2l-map.md#where-the-frameworks-differ)).
#
# ## Exercises
#
# 1. Without the package, build the leave-one-out keys of `x = torch.tensor([1.0, 2.0, 3.0, 4.0])`
#    and give their shape.
#
# <details><summary>Solution</summary>
#
# ```pycon
# >>> import torch
# >>> x = torch.tensor(
# ...     [1.0, 2.0, 3.0, 4.0]
# ... )
# >>> n = len(x)
# >>> eye = torch.eye(n)
# >>> mask = (1 - eye).type(torch.bool)
# >>> tiled = x.repeat((n, 1))
# >>> flat = tiled[mask]
# >>> keys = flat.reshape((n, -1))
# >>> keys
# tensor([[2., 3., 4.],
#         [1., 3., 4.],
#         [1., 2., 4.],
#         [1., 2., 3.]])
# >>> tuple(keys.shape)
# (4, 3)
# ```
#
# </details>
#
# 2. If the weights and the values both have shape `(5, 7)`, what is the shape of
#    `torch.bmm(weights.unsqueeze(1), values.unsqueeze(-1))`, and how does it relate to
#    `(weights * values).sum(dim=1)`?
#
# <details><summary>Solution</summary>
#
# The shape is `(5, 1, 1)`: five $(1 \times 7) \cdot (7 \times 1)$ products. After `reshape(-1)` it
# is the row-wise weighted sum.
#
# ```pycon
# >>> import torch
# >>> g = torch.Generator()
# >>> _ = g.manual_seed(0)
# >>> weights = torch.rand(
# ...     (5, 7), generator=g
# ... )
# >>> values = torch.rand(
# ...     (5, 7), generator=g
# ... )
# >>> out = torch.bmm(
# ...     weights.unsqueeze(1),
# ...     values.unsqueeze(-1),
# ... )
# >>> tuple(out.shape)
# (5, 1, 1)
# >>> products = weights * values
# >>> torch.allclose(
# ...     out.reshape(-1),
# ...     products.sum(dim=1),
# ... )
# True
# ```
#
# </details>
#
# 3. Start from $w = 1$ instead (`at.NWKernelRegression(w=1.0)`) and train for 5 epochs. Is the
#    learned $w$ very different from the one above?
#
# <details><summary>Solution</summary>
#
# Not much: 16.6 against 16.2. From either start the first step jumps to a much larger $w$, and the later epochs hardly
# move it.
#
# ```pycon
# >>> import attention_tutorial as at
# >>> data = at.make_data()
# >>> model = at.NWKernelRegression(
# ...     w=1.0
# ... )
# >>> losses = at.train(
# ...     model,
# ...     data.x_train,
# ...     data.y_train,
# ... )
# >>> round(model.w.item(), 1)
# 16.6
# ```
#
# </details>
#
# ## APIs used on this page
#
# - Package: <autoref identifier="attention_tutorial.model.NWKernelRegression">NWKernelRegression</autoref>,
#   <autoref identifier="attention_tutorial.pooling.leave_one_out">leave_one_out</autoref>,
#   <autoref identifier="attention_tutorial.training.train">train</autoref>,
#   <autoref identifier="attention_tutorial.figures.curves.plot_loss">plot_loss</autoref>,
#   <autoref identifier="attention_tutorial.figures.curves.plot_fit">plot_fit</autoref>,
#   <autoref identifier="attention_tutorial.figures.attention.plot_attention_heatmap">plot_attention_heatmap</autoref>,
#   <autoref identifier="attention_tutorial.analysis.mse_against_truth">mse_against_truth</autoref>
# - PyTorch: `nn.Parameter`, `torch.bmm`, `Tensor.unsqueeze`, `Tensor.repeat`, `torch.eye`,
#   boolean-mask indexing, `nn.MSELoss`, `torch.optim.SGD`, `Tensor.detach`
# - Tensor API handbook: [torch.bmm](handbook/bmm.py), [squeeze and unsqueeze](handbook/squeeze.py), [repeat_interleave and repeat](handbook/repeat.py), [torch.eye and boolean masks](handbook/mask.py), [Parameter, MSELoss, SGD](handbook/training.py)
