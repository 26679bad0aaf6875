# %% [markdown]
# # Why the trained curve is less smooth
#
# The predictions of the model trained on the page *[Parametric attention pooling](parametric.py)*
# are far more wiggly than the [non-parametric](nonparametric.py) ones. This page answers three questions: what
# does the learned $w$ mean? Why does SGD stop at such a $w$? And does a less smooth curve mean worse
# predictions?

# %%
import torch

import attention_tutorial as at

# the one seed of the whole chapter
_ = torch.manual_seed(at.SEED)

# %%
data = at.make_data()
x_train = data.x_train
y_train = data.y_train
x_test = data.x_test
# queries, keys, values: f(*qkv) passes
# the three in this order
qkv = (x_test, x_train, y_train)
# the training set, as calls take it
xy = (x_train, y_train)
n_train = len(x_train)
print("n_train =", n_train, end=" ")
print(" n_test =", len(x_test))

# %% [markdown]
# ## Training once more
#
# The model is created with the same seed as on that page, so the initial $w$ is the same; training
# itself draws no random numbers, so the learned $w$ is also the one printed there.
#
# <!-- source: attention_tutorial.training.train -->

# %%
# the seed of the page parametric: the
# same initial w
_ = torch.manual_seed(at.SEED)
model = at.NWKernelRegression()
# 5 epochs of SGD, lr = 0.5
losses = at.train(model, *xy)
w_trained = model.w.item()
print(f"learned w = {w_trained:.4f}")

# %% [markdown]
# ## An inverse bandwidth
#
# Move $w$ into the denominator:
#
# $$\begin{aligned}
# -\frac{1}{2}\big((x - x_i)\, w\big)^2 &= -\frac{1}{2}\left(\frac{x - x_i}{h}\right)^2, \\
# h &= \frac{1}{|w|} .
# \end{aligned}$$
#
# This is the exponent of the Gaussian kernel with bandwidth $h$. The bandwidth is roughly “how far a query can
# see”: a key $2h$ away still gets $e^{-2} \approx 0.14$ of the weight of a key at distance 0;
# only beyond about $3h$ does the relative weight fall to about $e^{-4.5} \approx 1\%$. Compare it with the spacing
# of the training points.
# <autoref identifier="attention_tutorial.analysis.input_spacing">input_spacing</autoref>
# sorts `x_train` and takes the median and the mean of the differences between neighbours.

# %%
h = at.bandwidth_from_w(w_trained)
gaps = at.input_spacing(x_train)
labels = (
    "bandwidth 1/|w|:",
    "median gap of sorted x_train:",
    "mean gap of sorted x_train:",
)
row = "{:<30}{:.4f}".format
rows = map(row, labels, (h, *gaps))
print(*rows, sep="\n")

# %% [markdown]
# The trained bandwidth is smaller than the typical gap between training points. A query then often
# “sees” only the two or three training points nearest to it, and the prediction comes close to
# **nearest-neighbour interpolation**: the curve jumps from training point to training point and
# follows the noise of each.
#
# Only $w^2$ appears in the formula, so $w$ and $-w$ give exactly the same predictions; the sign of
# $w$ means nothing, only $|w|$ matters. The check below also shows that predicting with $w$ is the
# same as <autoref identifier="attention_tutorial.pooling.nadaraya_watson">nadaraya_watson</autoref>
# with bandwidth $1/|w|$, up to float32 rounding (the largest difference is <span class="attn-nobr">4.8e-07</span>).

# %%
# three predictions, each (n_test,)
y_plus = at.predict(w_trained, *qkv)
y_minus = at.predict(-w_trained, *qkv)
y_nw, _ = at.nadaraya_watson(
    *qkv,
    bandwidth=h,
)
y_diff = (y_plus - y_minus).abs()
gap_sign = y_diff.max()
gap_nw = (y_plus - y_nw).abs().max()
print(
    "max |y_hat(w) - y_hat(-w)|:",
    f"{gap_sign:.1e}",
)
print(
    "max |y_hat(w)",
    "- nadaraya_watson(h)|",
)
print(f"  with h = 1/|w|: {gap_nw:.1e}")
# w and -w: exactly the same predictions
assert gap_sign == 0

# %% [markdown]
# ## Three bandwidths compared
#
# We compare three values of $w$: $w = 1$ (the non-parametric model), the $w$ learned by SGD, and
# the $w$ with the smallest leave-one-out loss on the grid of the page
# *[Why leave one out](leave-one-out.py)*
# (<autoref identifier="attention_tutorial.analysis.best_w">best_w</autoref>). The table gives each
# one column (w = 1, trained w, best w) holding, besides w itself, three things:
#
# - the bandwidth $1/|w|$;
# - the “number of keys in use” (row “keys in use”), $1 / \sum_i \alpha_i^2$ for the attention weights $\alpha_i$ of one
#   query, averaged over the queries, as defined in
#   [A gallery of bandwidths](nonparametric.py#a-gallery-of-bandwidths) on the non-parametric page
#   ($m$ when $m$ keys share the weight equally);
# - the mean squared error on the test set against the **true function** $f$
#   (<autoref identifier="attention_tutorial.analysis.mse_against_truth">mse_against_truth</autoref>),
#   which is the quality of prediction we actually care about.

# %%
# (401,): the grid of the page
# leave-one-out
ws = torch.logspace(-1, 3, 401)
w_best = at.best_w(ws, *xy)
candidates = {
    "w = 1": 1.0,
    "trained w": w_trained,
    "best w": w_best,
}
# one column per w: w, 1/|w|,
# keys in use, test MSE
table = {}
for name, w in candidates.items():
    bandwidth = at.bandwidth_from_w(w)
    # (n_test, n_train)
    _, weights = at.nadaraya_watson(
        *qkv,
        bandwidth=bandwidth,
    )
    # (n_test,): keys in use per query
    used = 1 / (weights**2).sum(dim=1)
    keys_in_use = used.mean().item()
    # against the true f
    mse = at.mse_against_truth(
        w,
        x_test,
        data.y_truth,
        *xy,
    )
    table[name] = (
        w,
        bandwidth,
        keys_in_use,
        mse,
    )
# column widths: 40 columns in all, a
# phone's line
widths = (9, 10, 10)
line = " " * 11
cols = zip(table, widths, strict=True)
for name, c in cols:
    line += f"{name:>{c}}"
print(line)
row_labels = (
    "w",
    "1/|w|",
    "keys in use",
    "test MSE",
)
by_w = table.values()
for i, label in enumerate(row_labels):
    spec = ".4f"
    if label == "keys in use":
        # one decimal
        spec = ".1f"
    line = f"{label:<11}"
    cols = zip(
        by_w,
        widths,
        strict=True,
    )
    for col, c in cols:
        line += f"{col[i]:>{c}{spec}}"
    print(line)

# %% [markdown]
# The cell below draws the three fits, one panel each in the same order (left to right on a wide
# screen, top to bottom on a phone), each titled with its $w$, by name and value. Above the figure it
# prints each curve's “largest jump”, the largest change of the prediction between neighbouring
# test inputs, as a measure of how jumpy it is, and for reference that of the true function $f$:

# %%
fits = {}
for name, w in candidates.items():
    fits[name] = at.predict(w, *qkv)
# the largest jump: the largest change
# of a curve between neighbouring test
# inputs, f's first
print("largest jump:")
jumps = {}
curves = {"true f": data.y_truth}
curves.update(fits)
for name, y in curves.items():
    # (n_test - 1,)
    changes = (y[1:] - y[:-1]).abs()
    jump = changes.max().item()
    jumps[name] = jump
    print(f"  {name}: {jump:.2f}")
# one panel per w; each title in both
# languages, the page shows its own
w_t = f"{w_trained:.2f}"
w_b = f"{w_best:.2f}"
titles = [
    f"w = {candidates['w = 1']:.2f}",
    {
        "zh": f"训练得到的 w = {w_t}",
        "en": f"trained w = {w_t}",
    },
    {
        "zh": f"留一法最好的 w = {w_b}",
        "en": f"best w = {w_b}",
    },
]
at.plot_fits(
    x_test,
    data.y_truth,
    fits,
    *xy,
    titles=titles,
)

# %% [markdown]
# ## “Less smooth” is not “worse”
#
# Compare the largest jumps printed above the figure with the table's last row (test MSE): the
# curve of $w = 1$ is the smoothest, smoother even than $f$ itself (largest jump 0.07, against 0.36 for $f$), and has the largest error. Where does that error come from? Split its summed squared error over the 50 test
# queries by where the query lies:

# %%
# where the error of w = 1 comes from:
# the left edge or the rest
miss = fits["w = 1"] - data.y_truth
# (n_test,)
squared = miss**2
# (n_test,): the queries left of x = 1
left = x_test < 1
left_sum = squared[left].sum()
total = squared.sum()
share = (left_sum / total).item()
print(
    "summed squared error, w = 1:",
    f"{total:.1f}",
)
n_left = int(left.sum())
print(
    f"  from x < 1 ({n_left} queries):",
    f"{left_sum:.1f}",
)
print(f"  share: {share:.0%}")
# at the left edge, w = 1: how much of
# each query's weight goes to keys right
# of it
_, weights = at.nadaraya_watson(
    *qkv,
    bandwidth=1.0,
)
# (n_test, n_train): 1 where the key is
# right of the query
is_right = x_train > x_test[:, None]
right = is_right.float()
# (n_test,)
w_right = weights * right
right_share = w_right.sum(dim=1)
x_min = x_train.min().item()
print(f"smallest x_train: {x_min:.2f}")
print(
    "share of the weight right of x,",
    "w = 1:",
)
for q in (0, 3, 5, 9):
    x_q = x_test[q]
    share_q = right_share[q]
    print(
        f"  x = {x_q:.1f}:",
        f"{share_q:.2f}",
    )

# %% [markdown]
# Three quarters of it come from the ten queries left of $x = 1$. There the edge of the data cuts
# off the left side of the wide window, so most of the weight goes to keys on the right (all of it
# at $x = 0$: no training input lies below 0.11), where $f$ is higher, and the fit comes out too
# high: the boundary bias of
# *[Boundary bias and local linear regression](local-linear.py#where-the-fit-goes-astray)*. Most
# of the rest comes from the kernel being too wide everywhere else as well: it shaves off the peaks and
# troughs. Both are **bias**. The $w$
# learned by SGD makes the curve wiggle (largest jump 1.25), yet its error is smaller than that of
# $w = 1$. The best leave-one-out $w$ lies between the two, jumps about as much as $f$ (0.35), and
# has the smallest error of all. Smoothness is a matter
# of looks; how good a prediction is depends on how far it is from the true function.
#
# Wiggling does have a price: with a bandwidth below the spacing of the points, each prediction is
# decided by two or three noisy labels and the noise is not averaged away. That is **variance**.
# Against $w = 1$, the trained $w$'s gain in bias outweighs its extra variance, so its error is
# smaller; against the best leave-one-out $w$, its extra variance outweighs the bias it saves, so
# its error is larger.
#
# ## Why SGD ends up there
#
# Every step uses all 50 samples ([full-batch gradient descent](parametric.py#training)). The training loss is the **sum** of 50 squared errors, so its gradient is a sum of 50 terms and
# large; multiplied by the learning rate 0.5, the very first step carries $w$ far from where it
# started. Here is that first step on its own, taken by hand: the update sits inside
# `with torch.no_grad():`. Without it PyTorch refuses the step outright, as `probe.w` is a leaf
# parameter that requires grad and may not be changed in place (the error
# [`a leaf Variable that requires grad is being used in an in-place operation`](handbook/errors.py#a-leaf-variable-that-requires-grad-is-being-used-in-an-in-place-operation));
# inside it, the step is also not recorded for a later `backward()`. Then `probe.w.grad = None`, because the next `backward()` would otherwise add the new
# gradient to the old one.
#
# <!-- source: attention_tutorial.training.loss_at_w -->


# %%
def loss_at(w):
    # the left-out loss at w
    return at.loss_at_w(w, *xy)


_ = torch.manual_seed(at.SEED)
# the same initial w as before training
probe = at.NWKernelRegression()
# (n_train, n_train - 1) each
keys, values = at.leave_one_out(*xy)
# (n_train,)
y_probe = probe(x_train, keys, values)
loss = ((y_probe - y_train) ** 2).sum()
loss.backward()
grad_start = probe.w.grad.item()
w_start = probe.w.item()
print(
    f"initial w = {w_start:.4f},",
    f"dL/dw = {grad_start:.4f}",
)
step = 0.5 * probe.w.grad
w_next = (probe.w - step).item()
print(
    "after one step: w - 0.5 dL/dw =",
    f"{w_next:.4f}",
)
# the step by hand, then the gradient
# where it lands
with torch.no_grad():
    probe.w -= step
probe.w.grad = None
y_probe = probe(x_train, keys, values)
loss = ((y_probe - y_train) ** 2).sum()
loss.backward()
grad_there = probe.w.grad.item()
print(
    "  dL/dw there =",
    f"{grad_there:.4f}",
)
loss_trained = loss_at(w_trained)
loss_best = loss_at(w_best)
print(
    "left-out loss at the trained w:",
    f"{loss_trained:.4f}",
)
print(
    "left-out loss at the best w:   ",
    f"{loss_best:.4f}",
)

# %% [markdown]
# The first step jumps straight over the minimum of the leave-one-out loss and lands far to its
# right (the figure in *[The path of w during training](#the-path-of-w-during-training)* below
# draws this curve and step). On that figure's log axis the curve still climbs there, but in $w$ itself the slope is gentle: the gradient is 0.34, against
# −32.8 at the start. So the remaining 4 steps move $w$ back only a little (compare <span class="attn-nowrap">“after one step”</span>
# with the learned $w$), and $w$ stays far above the best value. It is not a minimum of the loss, just where 5 SGD steps happen to end; another seed,
# another learning rate or more epochs would give another result (see exercise 1).
#
# ## The path of *w* during training
#
# Record $w$ after each of the 5 SGD steps and draw it on the leave-one-out loss curve, and you see
# how it “jumps over” the minimum.
# <autoref identifier="attention_tutorial.training_paths.w_path">w_path</autoref>
# takes exactly the steps of `at.train` and keeps $w$ after each. Besides the learning rates 0.5 and
# 0.05 we try one more thing: instead of $w$ itself, learn $u = \log w$ and compute with $w = e^u$.
#
# <!-- source: attention_tutorial.training_paths.w_path -->

# %%
_ = torch.manual_seed(at.SEED)
# the same initial w as on the page
# parametric
w0 = at.NWKernelRegression().w.item()


def path_at(lr, log_w=False):
    # w at the start and after each of 5
    # SGD steps
    return at.w_path(
        *xy,
        w0,
        lr=lr,
        log_w=log_w,
    )


paths = {}
for log_w in (False, True):
    for lr in (0.5, 0.05):
        kind = "log w" if log_w else "w"
        name = f"{kind}, lr = {lr}"
        paths[name] = path_at(lr, log_w)
# one column per path: the parameter and
# lr, w after each step, then the
# left-out loss where the path ends
kinds = " " * 6
rates = f"{'lr':<6}"
for name in paths:
    kind, rate = name.split(", lr = ")
    kinds += f" {kind:>7}"
    rates += f" {rate:>7}"
print(kinds)
print(rates)
chapter = paths["w, lr = 0.5"]
for step in range(len(chapter)):
    line = f"step {step}"
    for path in paths.values():
        line += f" {path[step]:>7.4g}"
    print(line)
line = f"{'loss':<6}"
for path in paths.values():
    loss = loss_at(path[-1])
    line += f" {loss:>7.4f}"
print(line)
print(
    "best w on the grid:",
    f"{w_best:.4f},",
    f"loss {loss_best:.4f}",
)
# lr = 0.5 on w: the 5 steps of at.train
# above
w_end = chapter[-1]
assert abs(w_end - w_trained) < 1e-3

# %% [markdown]
# Each of the four paths has a colour and a step marker of its own. The grey square marks the
# start they share, an outlined dot each path's end, the star
# the minimum on the grid (the star sits above the paths but under the end dots; where a path
# ends on it, the star's tips show around the dot). The second panel enlarges the dashed box of
# the first ($w$ from 1 to 20, the loss from 17 to 25), where the steps crowded near the minimum
# stand apart:

# %%
# a second panel enlarges the dashed box
# w from 1 to 20, the loss from 17 to 25
zoom = (1.0, 20.0, 17.0, 25.0)
at.plot_w_paths(
    *xy,
    paths,
    zoom=zoom,
)

# %% [markdown]
# The lines only join successive steps: a segment between two points is not a loss $w$ ever had.
# At lr = 0.5 on $w$, steps 1 to 5 crowd together on the right and overlap even when enlarged (the
# table above gives their values). The orange path (legend “w, lr = 0.05”) runs close along the
# grey curve, its first segment partly under the red one (legend “log w, lr = 0.05”). In the
# enlarged second panel its later steps are the small orange triangles left of its outlined end,
# and the red diamonds right of the star are the red path's steps back from beyond the minimum.
#
# - **Learning $w$ with lr = 0.5**: the first step leaps from the initial 0.4963 (the row of step 0
#   in the table above) onto the gentle slope on the right; each later step moves a little, and $w$ stops far from the minimum. This is the $w$
#   trained at the top of this page.
# - **Learning $w$ with lr = 0.05**: ten times smaller steps. The first one no longer jumps over the
#   minimum and $w$ creeps towards it from the left; 5 steps are not enough to get there, but the
#   direction is right.
# - **Learning $\log w$**: by the chain rule $\partial L/\partial u = w\,\partial L/\partial w$,
#   so a step changes $w$ by a **factor** rather than by an amount, and $w$ stays positive. The $w$
#   axis of the figure is logarithmic already; gradient descent on $u$ sees exactly the slope of
#   the curve as drawn there (its steps can still jump over the minimum). With lr = 0.05 the second step overshoots the minimum, to 5.062; the next ones
#   bring $w$ back from the right, to 3.996 at step 5, next to the minimum and still moving.
# - A new parametrisation does not spare us the choice of a learning rate, though: learning
#   $\log w$ with lr = 0.5, the first step multiplies $w$ by a few thousand and lands on the plateau
#   on the right. There each training point has weight on its nearest key only: the other
#   weights underflow to 0 in float32 (too small for it to represent, so they are stored as 0), and the gradient comes out as exactly 0 (the check cell further
#   down shows it; computed exactly, it is a tiny positive number). So $w$ never comes back;
#   the stepper below shows these gradients as 0 too.
#
# So the trained $w$ depends on the learning rate, the number of steps and the parametrisation, not
# only on the data. That is why readers of d2l, training with other frameworks, seeds or learning
# rates, report different values of $w$; on this site the seed is fixed and everyone gets the same
# one.
#
# ## Take the steps yourself
#
# The four paths above are drawn for you. The stepper below lets you walk one: pick a learning
# rate (log scale, from 0.001 to 10), pick $w$ or $\log w$ as the trained parameter, and press
# “Step”. Each press takes one SGD step in your browser, on the same training data written into
# this page, and adds a row to the table: the new $w$, the gradient there and the loss there. The
# legend above the chart says what each mark means.
#
# The cell builds the stepper at the chapter's settings with `at.sgd_stepper(...)`, takes its 5
# steps in Python with `stepper.path()` and checks them against the path “w, lr = 0.5” above:
# press “Step” five times in the stepper and its table shows exactly these values of $w$.
#
# <!-- source: attention_tutorial.stepper.sgd_stepper -->

# %%
# the chapter's settings: w as the
# parameter, lr = 0.5, 5 steps from the
# same initial w
stepper = at.sgd_stepper(
    data,
    w0=w0,
    lr=0.5,
    log_w=False,
    steps=5,
)
# its 5 steps in Python: the w of the
# table above
same = stepper.path() == chapter
print(
    "same as the path w, lr = 0.5",
    "above:",
    same,
)
assert same
stepper

# %% [markdown]
# Things to try:
#
# - The four paths in the figure of “[The path of *w* during training](#the-path-of-w-during-training)”,
#   one step at a time: the list under that figure says what to watch for. At lr = 0.5 on $w$, look at the gradient in row 0, −32.8, which drives the first step.
# - lr = 0.05 on $w$, up to the 50 steps the button allows: does it reach the minimum?
# - lr = 10, on $w$ and then on $\log w$: where does the first step go?
#
# Without JavaScript the stepper's place shows a static picture of the 5-step path at the chapter's
# settings.

# %%
# lr = 0.05, w as the parameter: as many
# steps as the step button allows (50)
creep = at.w_path(
    *xy,
    w0,
    lr=0.05,
    epochs=50,
)
for steps in (5, 20, 50):
    print(
        f"w after {steps:>2} steps:",
        f"{creep[steps]:.4f}",
    )
last_step = creep[50] - creep[49]
print(
    "the 50th step moved w by",
    f"{last_step:+.4f}",
)
print(
    "best w on the grid:",
    f"{w_best:.4f}",
)
# still moving rightwards, and still
# left of the minimum
assert creep[5] < creep[20] < creep[49]
assert creep[49] < creep[50] < w_best

# %% [markdown]
# The cell above tries the second suggestion in Python: near the minimum the gradient shrinks, so $w$ creeps
# ever more slowly and is still short of it after 50 steps. The cell below tries the third:
# training $w$, the first step throws it onto the plateau, where it barely moves; training
# $\log w$, the first step leaves float32's range, and
# <autoref identifier="attention_tutorial.training_paths.w_path">w_path</autoref> raises at the
# very step where the stepper stops; both say that $w$ left float32's range.

# %%
# lr = 10: w lands on the plateau in one
# step and barely moves; log w leaves
# float32's range
lr10 = at.w_path(
    *xy,
    w0,
    lr=10.0,
    epochs=5,
)
print(
    f"w, lr = 10: {lr10[0]:.4f}",
    f"→ {lr10[1]:.4g}",
)
later = [f"{w:.4g}" for w in lr10[2:]]
print("  then " + ", ".join(later))
# one step up to the plateau, then moves
# by < 1 %
spread = max(lr10[1:]) - min(lr10[1:])
assert spread < 0.01 * lr10[1]
print("log w, lr = 10:")
# the step the stepper stops at with its
# "diverged" sentence; prints_error
# fails if w_path does not raise
with at.prints_error(
    ValueError,
    width=40,
):
    at.w_path(
        *xy,
        w0,
        lr=10.0,
        epochs=1,
        log_w=True,
    )

# %% [markdown]
# Listed in the error-message index: [`w left float32's range (about 3.4e38) after a step with lr = …`](handbook/errors.py#w-left-float32s-range-about-34e38-after-a-step-with-lr--).

# %% [markdown]
# The folded cell below only checks the numbers and claims of this page's text (the build fails
# if a rerun changes one); you can skip it.

# %% fold="The code that checks this page’s text"
# checks of this page's text, one claim
# a line
# nadaraya_watson's largest gap
assert f"{gap_nw:.1e}" == "4.8e-07"
# test MSE: best w < trained w < w = 1
mse = {n: table[n][3] for n in table}
assert mse["best w"] < mse["trained w"]
assert mse["trained w"] < mse["w = 1"]
# keys in use
in_use = table["trained w"][2]
assert f"{in_use:.1f}" == "2.4"
# largest jumps: f, w = 1, the trained
# w, the best w
jump_sizes = jumps.values()
shown = [f"{j:.2f}" for j in jump_sizes]
expected = "0.36 0.07 1.25 0.35".split()
assert shown == expected
# w = 1: three quarters of the error
# from the ten queries left of x = 1
assert n_left == 10
assert 0.7 < share < 0.8
# there most of the weight lies right;
# at x = 0 all of it (no x_train below
# 0.11)
assert right[0].all()
assert (right_share[left] > 0.5).all()
assert f"{x_min:.2f}" == "0.11"
# the gradient at the start and where
# the first step lands
assert round(grad_start, 1) == -32.8
assert round(grad_there, 2) == 0.34
# one start for all four paths;
# lr = 0.05 on w ends left of minimum
starts = {p[0] for p in paths.values()}
assert len(starts) == 1
assert f"{w0:.4f}" == "0.4963"
slow = paths["w, lr = 0.05"]
assert slow[-1] < w_best
# log w, lr = 0.05: past the minimum at
# step 2, then back from the right
over = paths["log w, lr = 0.05"]
assert over[1] < w_best < over[2]
assert over[2] > over[3] > over[4]
assert over[4] > over[5]
assert abs(over[-1] / w_best - 1) < 0.05
shown = f"{over[2]:.4g} {over[-1]:.4g}"
assert shown == "5.062 3.996"
# log w, lr = 0.5: w times a few
# thousand, onto the plateau, then stuck
plateau = paths["log w, lr = 0.5"]
assert 1000 < plateau[1] / w0 < 10_000
assert plateau[-1] == plateau[1]
# there each point's weight is on one
# key (others underflow to 0):
# gradient 0
flat = at.NWKernelRegression(plateau[1])
y_flat = flat(x_train, keys, values)
loss = ((y_flat - y_train) ** 2).sum()
loss.backward()
kept = flat.attention_weights > 0
# (n_train,)
assert (kept.sum(dim=1) == 1).all()
assert flat.w.grad.item() == 0
# the tries: the 50th step at lr = 0.05
# small; lr = 10 onto the plateau
assert last_step < 0.01
assert lr10[1] > 100

# %% [markdown]
# ## Background: consistency and local-constant fitting
#
# The Nadaraya-Watson estimate is the solution of a **[local-constant](glossary.md#local-constant-fit)** weighted least-squares
# problem: at each query $x$, find the constant $c$ with the smallest kernel-weighted squared error,
#
# $$\begin{aligned}
# \hat f(x) &= \arg\min_{c} \sum_{i=1}^{n} K\left(\frac{x - x_i}{h}\right) (y_i - c)^2 \\
# &= \frac{\sum_{i} K\left(\frac{x - x_i}{h}\right) y_i}{\sum_{j} K\left(\frac{x - x_j}{h}\right)} .
# \end{aligned}$$
#
# Setting the derivative with respect to $c$ to zero gives the weighted average on the right.
# Replace the local constant by a local straight line and you get local linear regression, which
# removes most of the bias at an edge where $f$ is nearly straight (here the left edge); at the bent
# right edge it does worse, see *[Boundary bias and local linear regression](local-linear.py)*.
#
# The estimate is **pointwise consistent**: as the number of samples $n \to \infty$, if the
# bandwidth $h \to 0$ while $n h^d \to \infty$ ($d$ is the input dimension, here $d = 1$), the
# prediction converges in probability to the true regression function at almost every point
# (Devroye, 1981; “almost every” with respect to the distribution of the inputs, under mild
# conditions on the kernel and the labels). For the whole curve to converge at once (uniform
# consistency) the condition is a little stronger, such as $n h / \log n \to \infty$ ($d = 1$; Mack
# and Silverman, 1982).
# The two pointwise conditions each have a job:
# $h \to 0$ makes the windows narrower so that the bias vanishes; $nh^d \to \infty$ puts
# more and more samples into each window so that the noise is averaged away. The trained $w$ is the
# farthest from what the second one asks: on average only about 2.4 effective keys are left in
# each window (the row “keys in use” of the table).
#
# References: L. Devroye, “On the almost everywhere convergence of nonparametric regression
# function estimates”, *The Annals of Statistics* 9 (6), 1310–1319, 1981. Y. P. Mack and
# B. W. Silverman, “Weak and strong uniform consistency of kernel regression estimates”,
# *Zeitschrift für Wahrscheinlichkeitstheorie und verwandte Gebiete* 61 (3), 405–415, 1982.
#
# ## Common confusions
#
# **What harm does “less smooth” do?** Variance, but not always a larger error: see
# [“Less smooth” is not “worse”](#less-smooth-is-not-worse).
#
# **Why are the training data the keys and the test data the queries? Could they be swapped?** See
# “Can queries and keys be swapped?” on the page
# [Non-parametric attention pooling](nonparametric.py#can-queries-and-keys-be-swapped). During
# training the queries are the training inputs themselves, which is why one is left out.
#
# **What if the learned $w$ is negative?** No problem: only $|w|$ matters (see
# [An inverse bandwidth](#an-inverse-bandwidth)).
#
# **Has it become k-nearest-neighbours?** Close, but no: with the trained $w$ the table
# counts two to three keys in use on average, so each prediction is a weighted
# average of the two or three nearest training points, with soft weights that give the second-nearest
# keys a good share, where k-nearest-neighbours gives the $m$ nearest points equal weights and all
# others 0 (the number of neighbours is written $m$ here because $k$ stands for a key in this
# chapter). Only for $|w| \to \infty$ does it become 1-nearest-neighbour (exercise 3).
#
# ## Exercises
#
# 1. The cell of “[Why SGD ends up there](#why-sgd-ends-up-there)” prints the initial $w$
#    and $dL/dw$. From these two numbers and the best $w$ in the table, before running anything: where does one step with lr = 0.1 take $w$, and does
#    it pass the best $w$? What is the largest learning rate whose first step does not pass it, and
#    how many times larger is the chapter's 0.5? Then take 5 steps at lr = 0.1 with `at.w_path` and
#    see whether the later steps change the picture.
#
# <details><summary>Solution</summary>
#
# One step moves $w$ by $-\text{lr}\cdot dL/dw$. At lr = 0.1 it lands just short of the best $w$:
# no jump. The largest safe learning rate is the distance to the best $w$ divided by the gradient's
# size: about 0.106, and the chapter's 0.5 is 4.7 times it. The next four steps are small (the gradient near the
# minimum is small) and keep $w$ on the left of the minimum, closing in on it.
#
# ```pycon
# >>> import torch
# >>> import attention_tutorial as at
# >>> data = at.make_data()
# >>> x, y = data.x_train, data.y_train
# >>> _ = torch.manual_seed(at.SEED)
# >>> # the initial w of this page
# >>> model = at.NWKernelRegression()
# >>> kv = at.leave_one_out(x, y)
# >>> y_hat = model(x, *kv)
# >>> loss = ((y_hat - y) ** 2).sum()
# >>> loss.backward()
# >>> w0 = model.w.item()
# >>> grad = model.w.grad.item()
# >>> round(w0, 4), round(grad, 2)
# (0.4963, -32.8)
# >>> ws = torch.logspace(-1, 3, 401)
# >>> w_best = at.best_w(ws, x, y)
# >>> # a step at lr = 0.1; the best w
# >>> w1 = w0 - 0.1 * grad
# >>> round(w1, 2), round(w_best, 2)
# (3.78, 3.98)
# >>> # the lr that lands on w_best
# >>> lr_max = (w_best - w0) / -grad
# >>> ratio = 0.5 / lr_max
# >>> round(lr_max, 3), round(ratio, 1)
# (0.106, 4.7)
# >>> path = at.w_path(
# ...     x, y, w0, lr=0.1, epochs=5
# ... )
# >>> # w after each of the 5 steps
# >>> [round(w, 3) for w in path[1:]]
# [3.776, 3.799, 3.818, 3.835, 3.85]
# ```
#
# </details>
#
# 2. For one query, check that the kernel-weighted average really minimises
#    $\sum_i K_i (y_i - c)^2$: evaluate the sum on a row of candidate values of $c$ and see whether
#    the minimum is at the weighted average.
#
# <details><summary>Solution</summary>
#
# Setting the derivative $-2\sum_i K_i (y_i - c)$ to 0 gives $c = \sum_i K_i y_i / \sum_i K_i$, the
# weighted mean. The search over a row of $c$ agrees:
#
# ```pycon
# >>> import torch
# >>> import attention_tutorial as at
# >>> data = at.make_data()
# >>> x, y = data.x_train, data.y_train
# >>> # one query, x = 2.0
# >>> k = at.gaussian_kernel(
# ...     2.0 - x, bandwidth=0.3
# ... )
# >>> w_mean = (k * y).sum() / k.sum()
# >>> # candidate constants, step 0.001
# >>> c = torch.linspace(0, 5, 5001)
# >>> # (5001, n_train): squared misses
# >>> sq = (y - c[:, None]) ** 2
# >>> cost = (k * sq).sum(dim=1)
# >>> best_c = c[cost.argmin()]
# >>> gap = abs(best_c - w_mean).item()
# >>> gap < 1e-3
# True
# ```
#
# </details>
#
# 3. Set $w$ to 1000 (practically 1-nearest-neighbour). How does the test error compare with the
#    table?
#
# <details><summary>Solution</summary>
#
# 0.2601: worse than the trained $w$ (0.1299), whose bandwidth is already below the spacing of
# the points, but still better than the smooth $w = 1$ (0.4276). At $w = 1000$ every prediction is
# just the noisy label of the nearest training point: all variance, little bias.
#
# ```pycon
# >>> import torch
# >>> import attention_tutorial as at
# >>> data = at.make_data()
# >>> # what mse_against_truth takes
# >>> # after w, in this order
# >>> sets = (
# ...     data.x_test,
# ...     data.y_truth,
# ...     data.x_train,
# ...     data.y_train,
# ... )
# >>> _ = torch.manual_seed(at.SEED)
# >>> model = at.NWKernelRegression()
# >>> x, y = data.x_train, data.y_train
# >>> losses = at.train(model, x, y)
# >>> mse_of = at.mse_against_truth
# >>> w_t = model.w.item()
# >>> mse = {
# ...     w: round(mse_of(w, *sets), 4)
# ...     for w in (1000.0, w_t, 1.0)
# ... }
# >>> list(mse.values())
# [0.2601, 0.1299, 0.4276]
# ```
#
# </details>
#
# ## APIs used on this page
#
# - Package: <autoref identifier="attention_tutorial.model.NWKernelRegression">NWKernelRegression</autoref>,
#   <autoref identifier="attention_tutorial.pooling.leave_one_out">leave_one_out</autoref>,
#   <autoref identifier="attention_tutorial.pooling.nadaraya_watson">nadaraya_watson</autoref>,
#   <autoref identifier="attention_tutorial.analysis.bandwidth_from_w">bandwidth_from_w</autoref>,
#   <autoref identifier="attention_tutorial.analysis.input_spacing">input_spacing</autoref>,
#   <autoref identifier="attention_tutorial.analysis.best_w">best_w</autoref>,
#   <autoref identifier="attention_tutorial.analysis.mse_against_truth">mse_against_truth</autoref>,
#   <autoref identifier="attention_tutorial.figures.curves.plot_fits">plot_fits</autoref>,
#   <autoref identifier="attention_tutorial.training.predict">predict</autoref>,
#   <autoref identifier="attention_tutorial.training.train">train</autoref>,
#   <autoref identifier="attention_tutorial.training.loss_at_w">loss_at_w</autoref>,
#   <autoref identifier="attention_tutorial.training_paths.w_path">w_path</autoref>,
#   <autoref identifier="attention_tutorial.figures.curves.plot_w_paths">plot_w_paths</autoref>,
#   <autoref identifier="attention_tutorial.stepper.sgd_stepper">sgd_stepper</autoref>,
#   <autoref identifier="attention_tutorial.data.prints_error">prints_error</autoref>
# - PyTorch: `torch.logspace`, `Tensor.backward`, `Tensor.grad`, `torch.no_grad`
# - Tensor API handbook: [Parameter, MSELoss, SGD](handbook/training.py); `torch.no_grad` in
#   [the pitfalls of torch.optim.SGD](handbook/training.py#pitfalls_2)
