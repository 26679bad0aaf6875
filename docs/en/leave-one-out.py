# %% [markdown]
# # Why leave one out
#
# When the page *[Parametric attention pooling](parametric.py)* trained $w$, every training point had
# its own key and value removed. That looks like a small trick; in fact it decides whether training
# works at all. This page trains nothing. It treats $w$ as a knob, turns it from 0.1 all the way to
# 1000, and at each setting computes the training loss
#
# $$\begin{gathered}
# L(w) = \sum_{i=1}^{n} \big(\hat y_i - y_i\big)^2, \\
# \hat y_i = \sum_{j} \operatorname{softmax}_j\left(-\tfrac{1}{2}\big((x_i - x_j)\, w\big)^2\right) y_j ,
# \end{gathered}$$
#
# once with $j$ running over all training points (**own key included**), once with $j$ skipping $i$
# (**leave-one-out**). The curve's shape decides which way the gradient pushes $w$; where it stops
# also depends on the learning rate and the number of steps (see
# *[Why the trained curve is less smooth](smoothness.py)*).

# %%
import torch
from torch.nn import functional as F

import attention_tutorial as at

# %%
data = at.make_data()
x_train = data.x_train
y_train = data.y_train
n_train = len(x_train)
print("n_train =", n_train)

# %% [markdown]
# ## When a training point sees itself
#
# Take one training point $x_i$ as the query, with all the training inputs as keys, **itself
# included**. Its distance to itself is 0, so its own score $-\frac{1}{2}(0 \cdot w)^2 = 0$ is the
# largest of all; every other score is negative, and the more so the larger $|w|$. So as $|w|$ grows,
# the softmax pushes the weight onto the point itself, and the prediction approaches its own label
# $y_i$.

# %%
# one training point, used as the query
i = 10
label_i = y_train[i].item()
print(
    f"query x_train[{i}],",
    f"its label {label_i:.4f}",
)
print(
    f"{'':>6}",
    f"{'weight on':>9}",
    sep="  ",
)
print(
    f"{'w':>6}",
    f"{'own key':>9}",
    f"{'prediction':>10}",
    sep="  ",
)
for w in [1.0, 10.0, 100.0, 1000.0]:
    # (n_train,), own key included
    scaled = (x_train[i] - x_train) * w
    scores = -(scaled**2) / 2
    # (n_train,)
    weights = F.softmax(scores, dim=0)
    # (n_train,) @ (n_train,) -> scalar
    y_hat_i = weights @ y_train
    print(
        f"{w:>6g}",
        f"{weights[i].item():>9.4f}",
        f"{y_hat_i.item():>10.4f}",
        sep="  ",
    )

# %% [markdown]
# Every training point behaves like this. Once $|w|$ is large enough, all points copy their own
# labels and the training loss is 0, yet the model has learned nothing: a test input is not in the
# training set and has no label of its own to copy.
#
# ## The two loss curves
#
# “Leaving itself out” is the job of <autoref identifier="attention_tutorial.pooling.leave_one_out">leave_one_out</autoref>: it tiles `x_train` into an
# $n \times n$ matrix, row $i$ holding the keys the query $x_i$ looks at, and drops the diagonal with
# a boolean mask, so that each row keeps the other $n - 1$ keys; the same for the values. Here is
# row 10, that of the training point above:
#
# <!-- source: attention_tutorial.pooling.leave_one_out -->

# %%
# (n_train, n_train - 1) each
keys, values = at.leave_one_out(
    x_train,
    y_train,
)
print(
    "keys:",
    tuple(keys.shape),
    " values:",
    tuple(values.shape),
)
x_near = x_train[9:12]
print(
    "x_train[9:12]: ",
    *[f"{v:.4f}" for v in x_near],
)
keys_near = keys[i, 9:11]
print(
    f"keys[{i}, 9:11]:",
    *[f"{v:.4f}" for v in keys_near],
)
shape = (n_train, n_train - 1)
assert keys.shape == shape
assert values.shape == shape
# its own key is gone
assert not (keys[i] == x_train[i]).any()
assert keys[i, 9] == x_train[9]
assert keys[i, 10] == x_train[11]

# %% [markdown]
# In row 10, `x_train[9]` is followed directly by `x_train[11]`: the query `x_train[10]` has lost
# its own key.
#
# `torch.logspace(-1, 3, 401)` gives 401 points between $10^{-1}$ and $10^{3}$, evenly spaced on a
# logarithmic scale.
# <autoref identifier="attention_tutorial.analysis.loss_curve">loss_curve</autoref>
# calls <autoref identifier="attention_tutorial.training.loss_at_w">loss_at_w</autoref>
# once for each $w$; its argument `leave_one_out` says whether each point loses its own key and
# value.
#
# <!-- source: attention_tutorial.analysis.loss_curve -->
#
# <!-- source: attention_tutorial.training.loss_at_w -->

# %%
# (401,): 0.1 ... 1000, log-spaced
ws = torch.logspace(-1, 3, 401)
# (401,)
losses_with_own = at.loss_curve(
    ws,
    x_train,
    y_train,
    leave_one_out=False,
)
# (401,)
losses_left_out = at.loss_curve(
    ws,
    x_train,
    y_train,
    leave_one_out=True,
)
at.plot_loss_vs_w(
    ws,
    losses_with_own,
    losses_left_out,
)

# %% [markdown]
# The $w$ axis is logarithmic. The cell below tabulates the losses at a few round values of $w$
# and finds the lowest point of the leave-one-out curve.

# %%
print(
    f"{'':>6}",
    f"{'own key':>8}",
    f"{'own key':>8}",
    sep="  ",
)
print(
    f"{'w':>6}",
    f"{'included':>8}",
    f"{'left out':>8}",
    sep="  ",
)
for w in [1.0, 10.0, 100.0, 1000.0]:
    with_own = at.loss_at_w(
        w,
        x_train,
        y_train,
        leave_one_out=False,
    )
    left_out = at.loss_at_w(
        w,
        x_train,
        y_train,
        leave_one_out=True,
    )
    print(
        f"{w:>6g}",
        f"{with_own:>8.4f}",
        f"{left_out:>8.4f}",
        sep="  ",
    )
w_best = at.best_w(ws, x_train, y_train)
print("argmin of the left-out curve:")
loss_min = losses_left_out.min()
print(
    f"  w = {w_best:.4f},",
    f"loss = {loss_min:.4f}",
)

# %% [markdown]
# ## Own key included: the loss slides towards 0
#
# The first curve keeps falling as $w$ grows, and the column “own key included” of the table gets
# ever closer to 0. There is no lowest point: however large $w$ is, a little larger gives a smaller
# loss, so the gradient $\partial L / \partial w$ always pushes $|w|$ up, and gradient descent lets
# $w$ grow without end. What comes out is a lookup table: zero training loss, and next to no use on
# new inputs.
#
# ## Leave-one-out: a finite minimum
#
# The second curve falls, then rises again; its lowest point is at the $w$ printed above. Why is it
# high at both ends?
#
# - For a small $w$ the kernel is wide and all keys get almost the same weight: the model turns into
#   [average pooling](average.py). Every point is predicted as “the mean of the others”, far-away
#   points included. That is **bias**.
# - For a large $w$ each point can only copy the label of its **nearest neighbour**. That label is
#   noisy too: $y_i$ and the neighbour's label each carry their own independent noise, and the
#   copied error always contains the difference of the two. That is **variance**.
#
# Some $w$ in between makes the sum of the two smallest. The plateau on the right is exactly the
# loss of “copy the nearest other's label”, and the left end is the loss of “predict by the mean of the
# others”; both can be computed directly for comparison:

# %%
# (n_train, 1) and (1, n_train)
column = x_train[:, None]
row = x_train[None, :]
# (n_train, n_train)
distances = (column - row).abs()
# a point is not its own neighbour
distances.fill_diagonal_(float("inf"))
# (n_train,): the nearest other point
nearest = distances.argmin(dim=1)
# (n_train,): each point's copied label
copied = y_train[nearest]
sq_copy = (copied - y_train) ** 2
copy_neighbour = sq_copy.sum().item()
print(
    "copy the nearest other's label:",
    f"{copy_neighbour:.4f}",
)
loss_1000 = at.loss_at_w(
    1000.0,
    x_train,
    y_train,
    leave_one_out=True,
)
print(
    "left-out loss at w = 1000:     ",
    f"{loss_1000:.4f}",
)
# (n_train,)
centred = y_train - y_train.mean()
spread = (centred**2).sum().item()
print(
    "sum of (y_train - mean)^2:     ",
    f"{spread:.4f}",
)
# w -> 0: each point is predicted by the
# mean of the other n - 1 points
factor = (n_train / (n_train - 1)) ** 2
left_limit = factor * spread
loss_small_w = at.loss_at_w(
    0.1,
    x_train,
    y_train,
    leave_one_out=True,
)
print(
    "(n / (n - 1))^2 x that sum:    ",
    f"{left_limit:.4f}",
)
print(
    "left-out loss at w = 0.1:      ",
    f"{loss_small_w:.4f}",
)
# both ends against their formulas
off_right = loss_1000 - copy_neighbour
off_left = loss_small_w - left_limit
assert abs(off_right) < 1e-3
tolerance = 0.005 * left_limit
assert abs(off_left) < tolerance

# %% [markdown]
# Why is the left end not $\sum_i (y_i - \bar y)^2$ itself? As $w \to 0$, each point is predicted by
# the mean of the **other** $n - 1$ points, $\bar y_{-i} = (n \bar y - y_i)/(n - 1)$, so
# $\bar y_{-i} - y_i = \frac{n}{n-1}(\bar y - y_i)$ and the loss is
# $\left(\frac{n}{n-1}\right)^2 \sum_i (y_i - \bar y)^2$. For $n = 50$ the factor is
# $(50/49)^2 \approx 1.04$. At $w = 0.1$ the kernel is not quite flat yet, so the printed loss is a
# hair below that limit.
#
# The leave-one-out loss is what statisticians call the **leave-one-out cross-validation** error:
# each point takes a turn as the “test point” and is predicted from all the others. It reproduces
# the situation at test time, where the query is not among the keys, which is why minimising it is the
# classic way to choose a bandwidth. Where SGD stops after its 5 steps, and how far that is from
# this minimum, is on the page *[Why the trained curve is less smooth](smoothness.py)*.
#
# ## Finding the minimum in the explorer
#
# The bandwidth explorer of the page *[Non-parametric attention pooling](nonparametric.py)* is back.
# Its last panel (bottom right on a wide screen) is the leave-one-out curve above (only the one
# without the own key), computed by your browser from the data in the page. Move $w$ and watch the
# fit in the first panel as the vertical line reaches the star (the minimum): neither a flat line nor a saw chasing
# the noise. Push $w$ all the way to the right and the curve levels off at the loss of “copy the
# nearest other's label” printed above.

# %%
at.bandwidth_explorer(
    data,
    w=1.0,
    query_indices=(0, 25, 40),
)

# %% [markdown]
# The slider moves in steps of 0.01 decades, the same grid as `torch.logspace(-1, 3, 401)` above,
# so the minimum the explorer marks is the grid point that `best_w` printed. With the keyboard,
# Tab to the slider (or click it): the arrow keys move it one step, PageUp and PageDown a large
# stretch, Home and End to either end. At each step a screen reader says $w$ and the loss $L$ there,
# and “the minimum” when the slider reaches it.

# %% [markdown]
# ## Background: what the plateau is made of
#
# This section is optional background; nothing later depends on it.
#
# How high is the plateau on the right, and what is it made of? Let $m(i)$ be the training point nearest to $x_i$ (other than
# itself). The copied error splits into two terms:
#
# $$\begin{aligned}
# y_{m(i)} - y_i = {} &\underbrace{f(x_{m(i)}) - f(x_i)}_{\text{gap of the true values}} \\
# &+ \underbrace{\epsilon_{m(i)} - \epsilon_i}_{\text{difference of the noises}} .
# \end{aligned}$$
#
# In a toy problem the noise $\epsilon_i = y_i - f(x_i)$ can be computed (its standard deviation is
# $\sigma = 0.5$, `make_data`'s argument `noise_std`; see *[The data](data.py)*), so we can take the
# squared error per point apart (the first line is the mean copied squared error per point; the
# next two, the squared gap of the true values and of the noises; the fourth, their cross term;
# the fifth, $2\sigma^2$, the expectation of the squared difference of the noises; the last two,
# means of squared noises):

# %%
# the plateau per point, taken apart

# the noise's standard deviation:
# make_data's noise_std
sigma = 0.5
# (n_train,): known in a toy problem
noise = y_train - at.f(x_train)
# (n_train,): f at each nearest point
f_nearest = at.f(x_train[nearest])
# minus f at the point
gap = f_nearest - at.f(x_train)
# (n_train,)
noise_diff = noise[nearest] - noise
# sq_copy: the copied squared errors
per_point = sq_copy.mean()
gap_part = (gap**2).mean()
noise_part = (noise_diff**2).mean()
cross = 2 * gap * noise_diff
cross_part = cross.mean()
# (n_train,): each point's copied noise
copied_noise = noise[nearest]
copied_eps2 = (copied_noise**2).mean()
mean_eps2 = (noise**2).mean()
print(
    "copied squared error per point:",
    f"{per_point.item():.4f}",
)
print(
    "  (gap of the true values)^2:  ",
    f"{gap_part.item():.4f}",
)
print(
    "  (difference of the noises)^2:",
    f"{noise_part.item():.4f}",
)
print(
    "  cross term 2 * gap * noises: ",
    f"{cross_part.item():.4f}",
)
print(
    "E[(noise diff)^2] = 2 sigma^2: ",
    f"{2 * sigma**2:.4f}",
)
print(
    "mean of epsilon_i^2:           ",
    f"{mean_eps2.item():.4f}",
)
print(
    "mean of the copied epsilon^2:  ",
    f"{copied_eps2.item():.4f}",
)
# the three parts add up to per_point
assert torch.isclose(
    per_point,
    gap_part + noise_part + cross_part,
    atol=1e-4,
)
# nearly all of it is noise
assert gap_part < 0.05 * per_point
# above its expectation here
assert noise_part > 2 * sigma**2
assert copied_eps2 > mean_eps2
assert mean_eps2 > sigma**2

# %% [markdown]
# Nearly all of the plateau is noise: neighbouring training points are so close that $f$ hardly
# changes between them, and the gap of the true values adds very little. The squared difference
# of two noises has expectation $2\sigma^2 = 0.5$, yet this data set gives more, for two
# reasons: the noise drawn here is larger than usual (the mean of $\epsilon_i^2$ is above
# $\sigma^2 = 0.25$), and the points copied by several neighbours happen to be noisier (the mean
# of the copied $\epsilon^2$ is higher still). Precisely: the **expected** height of the plateau
# is $2\sigma^2$ per point plus the squared gap between neighbours' true values; on one
# particular data set it moves up or down with the noise that was drawn.
#
# ## Common confusions
#
# **Why can't a point use itself to predict its own output?** Because then it just copies its own
# label (see [When a training point sees itself](#when-a-training-point-sees-itself) above); hiding
# each training point from itself puts training in the same situation as testing.
#
# **Why remove the diagonal, and from both the keys and the values?** Once `x_train` is tiled into
# an $n \times n$ matrix, row $i$, column $i$ is exactly “query $i$ against key $i$”. Removing the key
# but keeping the value would break their pairing; with one mask for both, each row is “every sample
# except me”.
#
# **Do we leave one out at test time too?** No. The test inputs are not in the training set; the keys
# and values are all the training data.
#
# **The curve with the own key has the lower loss; isn't it better?** What is lower is the training
# loss, which measures “can it recite the training set”, not “can it predict new inputs”. The
# leave-one-out loss estimates the latter.
#
# ## Exercises
#
# 1. The page shows that for a large $w$ the leave-one-out loss is that of “copy the nearest other's
#    label” (the plateau). On the grid `torch.logspace(-1, 3, 401)`, from which $w$ on does
#    the loss stay within 1 % of the plateau? What bandwidth $h = 1/w$ is that?
#
# <details><summary>Solution</summary>
#
# From $w \approx 158$ on the loss stays within 1 % of the plateau; there $h \approx 0.0063$,
# already below the smallest gap between two training inputs (0.0071) on this data set.
#
# ```pycon
# >>> import torch
# >>> import attention_tutorial as at
# >>> data = at.make_data()
# >>> x, y = data.x_train, data.y_train
# >>> plateau = at.loss_at_w(1e4, x, y)
# >>> ws = torch.logspace(-1, 3, 401)
# >>> losses = torch.tensor([
# ...     at.loss_at_w(w.item(), x, y)
# ...     for w in ws
# ... ])
# >>> gaps = (losses - plateau).abs()
# >>> far = gaps > 0.01 * plateau
# >>> last_far = far.nonzero().max()
# >>> # the grid point after it
# >>> first = last_far.item() + 1
# >>> w_first = ws[first].item()
# >>> round(w_first, 2)
# 158.49
# >>> round(1 / w_first, 4)
# 0.0063
# >>> # the closest two training inputs
# >>> round(x.diff().min().item(), 4)
# 0.0071
# ```
#
# </details>
#
# 2. Do not leave one out: tile both keys and values with `repeat((n_train, 1))` (own key included),
#    start from the chapter's initial $w$ (0.4963 with `at.SEED`), train with SGD (`lr=0.5`) for 20 epochs and record $w$ after
#    each. Does $w$ come to rest?
#
# <details><summary>Solution</summary>
#
# No: every epoch ends with a larger $w$ than the one before. Rising
# alone proves nothing, since a rising sequence can settle at a limit; what decides it is that
# if $w$ came to rest somewhere, the gradient there would be 0, and with the own key included the
# loss has no minimum (see [Own key included: the loss slides towards 0](#own-key-included-the-loss-slides-towards-0)),
# so its gradient is never 0.
#
# ```pycon
# >>> import torch
# >>> import attention_tutorial as at
# >>> data = at.make_data()
# >>> x, y = data.x_train, data.y_train
# >>> _ = torch.manual_seed(at.SEED)
# >>> model = at.NWKernelRegression()
# >>> n_train = len(x)
# >>> keys = x.repeat((n_train, 1))
# >>> values = y.repeat((n_train, 1))
# >>> trainer = torch.optim.SGD(
# ...     model.parameters(),
# ...     lr=0.5,
# ... )
# >>> w_seen = []
# >>> for epoch in range(20):
# ...     trainer.zero_grad()
# ...     pred = model(x, keys, values)
# ...     err = pred - y
# ...     loss = (err**2).sum()
# ...     loss.backward()
# ...     trainer.step()
# ...     w_seen.append(model.w.item())
# >>> pairs = zip(w_seen, w_seen[1:])
# >>> all(later > earlier
# ...     for earlier, later in pairs)
# True
# ```
#
# </details>
#
# 3. With only two training points, how does the leave-one-out loss depend on $w$?
#
# <details><summary>Solution</summary>
#
# It does not depend on $w$ at all. Each point has only the other one to look at, the softmax gives
# it all the weight, and the prediction is the other point's label whatever $w$ is: the loss is
# always $2(y_1 - y_2)^2$.
#
# ```pycon
# >>> import torch
# >>> import attention_tutorial as at
# >>> x = torch.tensor([0.0, 1.0])
# >>> y = torch.tensor([1.0, 3.0])
# >>> [at.loss_at_w(w, x, y)
# ...  for w in [0.1, 1.0, 10.0]]
# [8.0, 8.0, 8.0]
# ```
#
# </details>
#
# ## APIs used on this page
#
# - Package: <autoref identifier="attention_tutorial.training.loss_at_w">loss_at_w</autoref>,
#   <autoref identifier="attention_tutorial.analysis.loss_curve">loss_curve</autoref>,
#   <autoref identifier="attention_tutorial.analysis.best_w">best_w</autoref>,
#   <autoref identifier="attention_tutorial.figures.curves.plot_loss_vs_w">plot_loss_vs_w</autoref>,
#   <autoref identifier="attention_tutorial.pooling.leave_one_out">leave_one_out</autoref>,
#   <autoref identifier="attention_tutorial.explorer.bandwidth_explorer">bandwidth_explorer</autoref>,
#   <autoref identifier="attention_tutorial.data.f">f</autoref>
# - PyTorch: `torch.logspace`, `torch.nn.functional.softmax`, `Tensor.fill_diagonal_`, `Tensor.argmin`
# - Tensor API handbook: [repeat_interleave and repeat](handbook/repeat.py), [torch.eye and boolean masks](handbook/mask.py), [softmax and dim](handbook/softmax.py)
