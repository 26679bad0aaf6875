# %% [markdown]
# # Boundary bias and local linear regression
#
# The fit of [non-parametric attention pooling](nonparametric.py) goes astray at the left end, by
# more than 2; in between it lowers the peak and raises the trough of the curve (errors of about 0.5);
# at the right end it lands almost on the curve. This page finds out why, then
# tries a remedy that changes one thing only: **[local linear regression](glossary.md#local-linear-regression)**. It keeps the same
# attention weights, but instead of a weighted average it fits a weighted straight line around each
# query. First, the fit of that page again, with the same data and the same bandwidth ${h = 1}$.
# In the code, `qkv` holds the queries, keys and values; `f(*qkv)` unpacks the tuple and passes
# the three in that order.

# %%
import torch

import attention_tutorial as at

# drawn from make_data's own seed=0
data = at.make_data()
x_train = data.x_train
y_train = data.y_train
x_test = data.x_test
n_train = len(x_train)
n_test = len(x_test)
# queries, keys, values: f(*qkv) passes
# the three in this order
qkv = (x_test, x_train, y_train)
# the nonparametric page's fit, h = 1
nw_fit = at.nadaraya_watson(*qkv)
y_hat, attention_weights = nw_fit

# %% [markdown]
# ## Where the fit goes astray
#
# The cell below prints, for the first, the middle and the last query:
#
# - fit: the prediction;
# - truth: the true value;
# - max weight: the largest attention weight of the query's row;
# - mean key: the mean of the keys weighted by the attention weights, where the query actually
#   looks.

# %%
# first, middle and last query: fit and
# truth at the edges
print(
    "  x    fit  truth ",
    "max weight  mean key",
)
for i in (0, n_test // 2, n_test - 1):
    # (n_train,): weights of query i
    row = attention_weights[i]
    # where query i looks
    mean_key = (row * x_train).sum()
    x, fit = x_test[i], y_hat[i]
    truth = data.y_truth[i]
    top = row.max()
    print(
        f"{x:>3.1f} {fit:>6.4f}",
        f"{truth:>6.4f}",
        f"{top:>11.4f} ",
        f"{mean_key:>8.4f}",
    )

# %% [markdown]
# Then it prints the two largest errors in between: largest miss below, where the fit is most
# too low (near the peak of $f$), and largest miss above, where it is most too high (just before
# its trough). The latter is searched in the right half only, since the left half's errors come
# mostly from the [boundary bias](glossary.md#boundary-bias).

# %%
# the errors in between: near the peak
# of f, just before its trough
# (n_test,)
error = y_hat - data.y_truth
# the fit most too low
too_low = error.argmin()
# most too high: searched in the right
# half only, since the left half is
# dominated by the boundary bias
half = n_test // 2
too_high = half + error[half:].argmax()
for name, i in (
    ("largest miss below", too_low),
    ("largest miss above", too_high),
):
    x, err = x_test[i], error[i]
    print(
        f"{name:<18} ",
        f"x = {x:.1f}: {err:+.2f}",
    )

# %% [markdown]
# Last, keys in use: $1/\sum_i \alpha_i^2$, how many keys share a row's weight (it equals $m$
# when the weight is spread evenly over $m$ keys); in brackets, how many keys lie within 1 (one
# bandwidth) of the query.

# %%
# keys in use 1 / sum(alpha^2): how many
# share a row's weight
squares = attention_weights**2
# (n_test,)
effective = 1 / squares.sum(dim=1)
print("keys in use, 1 / sum(alpha^2):")
# query index -> keys within 1 of it
within = {}
for i in (0, n_test // 2, n_test - 1):
    x, used = x_test[i], effective[i]
    close = (x_train - x).abs() < 1
    within[i] = int(close.sum())
    print(
        f"  x = {x:.1f}: {used:.1f}",
        f"({within[i]} keys within 1)",
    )
# the draw left fewer keys on the right
assert within[n_test - 1] < within[0]
ratio = effective / effective[half]
share_left = ratio[0].item()
share_right = ratio[-1].item()
print(
    f"left / middle {share_left:.0%},",
    f"right / middle {share_right:.0%}",
)

# %% [markdown]
# At ${x = 0}$ the true value is 0, yet the prediction is more than 2 higher. The cause is the
# edge of the data: there is no training point to the left of the query 0, so all its weight
# goes to keys on its right and its mean key lies well to the right of the query; and $f$ rises
# steeply from 0, so nearly every output on that side is larger than $f(0)$ and the weighted
# average comes out too high. This is **boundary bias**: kernel regression averages over a
# window, and when the edge of the data cuts the window in half, the average leans towards the
# half that is left. The last query also has keys on one side only, yet its error is much
# smaller; splitting the error into parts, below, shows why.
#
# The same reason makes the top-left and bottom-right corners of the heatmap in [The attention weights as a heatmap](nonparametric.py#the-attention-weights-as-a-heatmap) stand out most:
# a query at an edge has keys on one side only, so markedly fewer keys share its weight (about
# 60% of the middle query's keys in use at the left end, under half at the right), and since
# each row still sums to 1, each of them gets more (the max weight column). The right end has
# even fewer than the left because the training inputs are drawn at random, uniformly, and this
# draw happens to be sparser on the right: 12 keys lie within 1 of the query at the left end,
# only 9 of the one at the right (the numbers in brackets above). The keys' uneven spacing moves
# even the middle query's mean key, whose window is whole, to 2.34 rather than 2.5.
#
# ## Local linear regression
#
# **Local linear regression** keeps the weights but, instead of a weighted average (which
# amounts to fitting a constant around each query), fits a weighted straight line
#
# $$\min_{b_0, b} \sum_{i=1}^{n} \alpha_i(x)\,\big(y_i - b_0 - b (x_i - x)\big)^2 ,$$
#
# where $\alpha_i(x)$ is the Nadaraya-Watson attention weight of the key $x_i$ for the query $x$,
# and predicts its value at the query: write $\hat y = b_0$ for the prediction. The line is extended along its slope from the centre of
# the weights ($\bar x$, the mean key above) back to the query; this cancels the bias of looking one
# way only, as far as the window's slope matches $f$'s (measured below).
#
# The solution has a simple form. Setting the derivative with respect to the intercept $b_0$ to 0
# makes the weighted residuals sum to 0, so a weighted least-squares line always passes through the
# weights' centre $(\bar x, \bar y)$ (whatever the weights sum to; that they sum to 1 only lets
# us write the centre as the plain weighted sums below). Its value at the query, $b_0$, is then its
# value at the centre plus the slope times the step from the centre to the query (the first line
# below). Setting the derivative with respect to the slope $b$ to 0 as well gives the weighted
# least-squares slope:
#
# $$\begin{aligned}
# \hat y = b_0 &= \bar y + b (x - \bar x), \\
# \bar x &= \sum_j \alpha_j x_j, \quad \bar y = \sum_j \alpha_j y_j, \\
# b &= \frac{\sum_j \alpha_j (x_j - \bar x)\, y_j}{\sum_j \alpha_j (x_j - \bar x)^2} .
# \end{aligned}$$
#
# $\bar y$ is exactly the Nadaraya-Watson prediction, so local linear regression only adds
# $b (x - \bar x)$ to it. Both $\bar y$ and $b$ are weighted sums of the $y_i$. Writing $S$ for
# the denominator of $b$, $S = \sum_j \alpha_j (x_j - \bar x)^2$, substituting $\bar y$ and $b$
# into $\hat y$ and collecting the two sums by $y_i$ gives
#
# $$\begin{aligned}
# \hat y &= \sum_i \alpha_i y_i + (x - \bar x)\,\frac{\sum_i \alpha_i (x_i - \bar x)\, y_i}{S} \\
# &= \sum_i \alpha_i \left(1 + \frac{(x - \bar x)(x_i - \bar x)}{S}\right) y_i .
# \end{aligned}$$
#
# The prediction is again a weighted sum of the values: writing $\ell_i$ for the coefficient of
# $y_i$ ($\alpha_i$ times the brackets), $\hat y = \sum_i \ell_i y_i$. These $\ell_i$ are the
# **[equivalent weights](glossary.md#equivalent-weights)**. They sum to 1 (the second term in the brackets, weighted by $\alpha_i$ and summed, is exactly 0),
# yet they can be negative.
# <autoref identifier="attention_tutorial.local_linear_regression.local_linear">local_linear</autoref>
# returns the predictions and these weights; its source is folded below:
#
# <details class="note"><summary>The source's <code>a_i</code>, <code>scale</code> and <code>spread</code></summary>
#
# The source never computes $b$: it computes the equivalent weights by the second line above,
# calls the weights `a_i`, and measures the offsets from $\bar x$ in units of the keys' range (it
# divides them by `scale`), so its `spread` is $S/\text{scale}^2$; the scale cancels in $\ell_i$.
# Its docstring subtracts $\bar y$ from each $y_j$ in the numerator of $b$; that changes nothing,
# since the weighted offsets from the centre sum to 0.
#
# </details>
#
# <!-- source: attention_tutorial.local_linear_regression.local_linear -->
#
# The two fits at both ends, and the test MSE over the whole test set:

# %%
# (n_test,), (n_test, n_train)
ll_fit = at.local_linear(*qkv)
y_ll, weights_ll = ll_fit
for i in (0, n_test - 1):
    x = x_test[i]
    truth = data.y_truth[i]
    print(
        f"x = {x:.1f}:",
        f"truth {truth:.4f}",
    )
    # the two fits at query i
    nw, ll = y_hat[i], y_ll[i]
    print(f"  Nadaraya-Watson {nw:.4f}")
    print(f"  local linear    {ll:.4f}")
error_ll = y_ll - data.y_truth
mse_nw = (error**2).mean().item()
mse_ll = (error_ll**2).mean().item()
print("test MSE:")
print(f"  Nadaraya-Watson {mse_nw:.4f}")
print(f"  local linear    {mse_ll:.4f}")

# %% [markdown]
# The left panel (the upper one on a phone) shows both fits: at ${x = 0}$ and ${x = 4.9}$ a solid
# dot marks the truth and a ring each fit. The right (lower) one shows the weights of the query
# ${x = 0}$: the stems are the attention weights $\alpha_i$, all to the query's right; the dots
# are local linear regression's equivalent weights $\ell_i$, negative for the keys far from the
# query. Its axis stops a little past 3: there are keys beyond (up to 4.76), but both weights
# there are within ±0.0022, too small to see.

# %%
far = x_train > 3  # (n_train,)
faint = max(
    attention_weights[0][far].max(),
    weights_ll[0][far].abs().max(),
)
last = x_train.max().item()
print(
    "keys beyond x = 3,",
    f"up to {last:.2f}:",
)
print(
    "  both weights within",
    f"±{faint:.4f}",
)
at.plot_boundary_bias(
    x_test,
    data.y_truth,
    x_train,
    y_train,
    equivalent_weights=True,
)

# %% [markdown]
# As an independent check, `torch.linalg.lstsq` solves the weighted least-squares problem at
# ${x = 0}$ directly. `lstsq` only solves ordinary least squares, but the weights are easy to
# bring in: the $i$-th squared residual times $\alpha_i$ is the residual times $\sqrt{\alpha_i}$, squared,
# so scaling the $i$-th row of the design matrix and of $y$ by $\sqrt{\alpha_i}$ turns the weighted
# problem into an ordinary one with the same solution. Each row of the design matrix `design` is
# `(1, x_i - x)`, the multipliers of the intercept and the slope; `[:, None]` turns `sqrt_a` into a
# column, so that it scales `design` row by row:

# %%
# weighted least squares = ordinary
# least squares with rows scaled by
# sqrt(alpha_i)
# (n_train,)
sqrt_a = attention_weights[0].sqrt()
ones = torch.ones(n_train)
cols = [ones, x_train - x_test[0]]
# (n_train, 2): row i is (1, x_i - x)
design = torch.stack(cols, dim=1)
# (n_train, 2): row i * sqrt(alpha_i)
scaled = sqrt_a[:, None] * design
solution = torch.linalg.lstsq(
    scaled,
    sqrt_a * y_train,
).solution
b0_lstsq = solution[0].item()
print(f"b0 from lstsq: {b0_lstsq:.4f}")
print(f"local_linear:  {y_ll[0]:.4f}")
print(
    "equivalent weights of the query",
    "x = 0:",
)
ell_0 = weights_ll[0]
weight_sum = ell_0.sum().item()
negative = int((ell_0 < 0).sum())
print("  sum", round(weight_sum, 4))
print("  negative ones:", negative)

# %% [markdown]
# The negative equivalent weights come from the brackets in the formula above. At ${x = 0}$,
# $x - \bar x < 0$, so the second term in the brackets is negative for every key to the right of
# $\bar x$; the farther the key, the more negative the term, and once it drops below $-1$ the
# whole bracket is negative. Setting the bracket to 0 gives the cutoff
#
# $$x_i = \bar x + \frac{S}{\bar x - x} ;$$
#
# every key beyond it gets a negative equivalent weight.

# %%
# the weights of the query x = 0
alpha_0 = attention_weights[0]
# their centre
x_bar = (alpha_0 * x_train).sum()
# S
offsets = x_train - x_bar
spread = (alpha_0 * offsets**2).sum()
# the bracket is < 0 beyond the cutoff
gap = x_bar - x_test[0]
cutoff = x_bar + spread / gap
print(f"x_bar = {x_bar:.4f}")
print(
    "negative weights beyond",
    f"{cutoff:.4f}",
)
beyond = int((x_train > cutoff).sum())
print("keys beyond the cutoff:", beyond)

# %% [markdown]
# At ${x = 0}$ most of the bias is gone, and the MSE over the whole test set is smaller too (the
# test MSE printed earlier). The right end, ${x = 4.9}$, goes the other way: local linear regression is almost 0.5 too
# low, while Nadaraya-Watson is nearly right. To see why, split the error of Nadaraya-Watson at a
# query into parts:
#
# - the **[one-sided bias](glossary.md#one-sided-bias)** $f(\bar x) - f(x)$: the centre of the weights $\bar x$ is not at the
#   query, so the weighted average reports $f$ near $\bar x$;
# - the **[curvature bias](glossary.md#curvature-bias)** $\sum_i \alpha_i f(x_i) - f(\bar x)$: $f$ bends inside the window, so its
#   weighted average is not its value at the centre;
# - the rest is the weighted average of the noise, $\sum_i \alpha_i \epsilon_i$ ($\epsilon_i = y_i - f(x_i)$,
#   the noise added to the training outputs on [the data page](data.py)).
#
# Two folded functions lay out the two tables below, so that the cells keep only the computing.


# %% fold="print_parts and print_slopes: two functions that only lay out the tables"
# the two tables below, laid out:
# labels, widths and signs only
def print_parts(x_test, parts):
    print(
        "  x  one-sided ",
        "curvature  noise  total",
    )
    fmt = "{:>3.1f}" + "  {:>+9.2f}" * 2
    fmt += "  {:>+5.2f}" * 2
    for i, part in parts.items():
        x = x_test[i]
        print(fmt.format(x, *part))


def print_slopes(
    x_test,
    slopes,
    share,
    trough,
    error_nw,
):
    names = (
        "slope of the window b",
        "slope of f, x to x_bar",
        "correction b (x - x_bar)",
        "needed (minus one-sided)",
        "error of local linear",
        "error of Nadaraya-Watson",
        "NW + needed correction",
    )
    head = "x = {:.1f}: x_bar = {:.2f}"
    fmt = "  {:<24} {:>+6.2f}".format
    for i, slope in slopes.items():
        centre, *vals = slope
        x = x_test[i]
        print(head.format(x, centre))
        rows = map(fmt, names[:5], vals)
        print(*rows, sep="\n")
        if i == 0:
            print(
                "  share of the bias",
                "removed",
                f"{share:>5.0%}",
            )
            continue
        print(
            "  trough of f at",
            f"{trough:>16.2f}",
        )
        fixed = error_nw + vals[3]
        both = (error_nw, fixed)
        rows = map(fmt, names[5:], both)
        print(*rows, sep="\n")


# %%
# the error of Nadaraya-Watson at a
# query = one-sided part + curvature
# part + noise
# query index -> (one_sided, curvature,
# noise, total)
parts = {}
f_train = at.f(x_train)  # (n_train,)
# the noise of each key
eps = y_train - f_train
for i in (0, n_test - 1):
    # (n_train,): weights of query i
    row = attention_weights[i]
    # x_bar of query i
    centre = (row * x_train).sum()
    f_bar, x = at.f(centre), x_test[i]
    # the centre is off the query
    one_sided = (f_bar - at.f(x)).item()
    # f bends inside the window
    mean_f = (row * f_train).sum()
    curvature = (mean_f - f_bar).item()
    noise = (row * eps).sum().item()
    part = (one_sided, curvature, noise)
    # the total last
    parts[i] = (*part, sum(part))
print_parts(x_test, parts)

# %% [markdown]
# At ${x = 0}$ the one-sided bias alone ($+2.33$) exceeds the whole error ($+2.18$); the curvature bias
# takes $0.29$ back and the noise adds $0.14$ (each number is rounded to two decimals, so a row's
# three parts may add up to 0.01 off its total). At ${x = 4.9}$ the two biases have
# opposite signs: $f$ is lower at the centre of the weights, so the one-sided bias is negative;
# $f$ is just climbing out of a trough, so the curve bends upwards inside the window and the
# curvature bias is positive. With the noise, Nadaraya-Watson ends up off by very little: it is accurate at the right end not
# because it has no bias there, but because its two biases happen to cancel.
#
# What does local linear regression do to these biases? As derived above, it adds a correction
# $b\,(x - \bar x)$ to the Nadaraya-Watson prediction $\bar y$: it walks back from $\bar x$ to the
# query along the window's slope $b$. To remove the one-sided bias exactly, the correction would
# have to be $-{\big(f(\bar x) - f(x)\big)} = s\,{(x - \bar x)}$, where
# ${s = \big(f(\bar x) - f(x)\big)/(\bar x - x)}$ is the average slope of $f$ between the query
# and $\bar x$. How well the correction works depends on how close $b$ is to $s$. The next cell
# computes these quantities at the two edge queries:

# %%
# local linear = Nadaraya-Watson + the
# correction b (x - x_bar)
# query index -> (x_bar, b, s,
# correction, needed, error)
slopes = {}
for i in (0, n_test - 1):
    row = attention_weights[i]
    x = x_test[i]
    # x_bar
    centre = (row * x_train).sum()
    # (n_train,)
    offsets = x_train - centre
    # the window's slope
    w_off = row * offsets
    num = (w_off * y_train).sum()
    b = num / (row * offsets**2).sum()
    # from x_bar back to the query
    correction = b * (x - centre)
    # f's mean slope, x to x_bar
    rise = at.f(centre) - at.f(x)
    s = rise / (centre - x)
    # minus the one-sided bias
    needed = s * (x - centre)
    err_ll = error_ll[i]
    terms = (correction, needed, err_ll)
    slopes[i] = (centre, b, s, *terms)
# x = 0: the share of the one-sided
# bias removed, correction over needed
_, _, _, corr, need, _ = slopes[0]
share = (corr / need).item()
# x = 4.9: where f stops falling, on a
# fine grid round the right end
fine = torch.linspace(3.5, 5.0, 1501)
f_fine = at.f(fine)
trough = fine[f_fine.argmin()].item()
error_nw = y_hat[-1] - data.y_truth[-1]
print_slopes(
    x_test,
    slopes,
    share,
    trough,
    error_nw,
)

# %% [markdown]
# At ${x = 0}$ the line removes most of the one-sided bias (about 61%), not all of it: the window's
# slope ${b = 1.73}$ is shallower than the average slope of $f$ between 0 and $\bar x$,
# ${s = 2.82}$, so extrapolating back to the query the line does not come down far enough, and
# the fit stays 0.75 too high.
#
# At ${x = 4.9}$ the line corrects the wrong way. The centre of the window, ${\bar x = 4.11}$, lies
# left of the trough of $f$ (near 4.41), on the stretch where $f$ falls, and the slope fitted
# there, ${b = -0.66}$, is negative; yet between $\bar x$ and 4.9 $f$ falls and then rises, ending
# higher, so its average slope $s$ is positive. Removing the one-sided bias needs a correction of
# $+0.15$; the line gives $-0.52$: extrapolated to the right along a falling slope, it pulls the
# prediction down, and local linear regression ends 0.49 too low.
#
# Even a line that gave exactly the needed $+0.15$ would not beat Nadaraya-Watson: the one-sided
# bias would be gone, but the curvature bias and the noise would stay, turning Nadaraya-Watson's
# error of $+0.03$ into $+0.19$ (the last two lines printed above). So local linear regression
# removes most of the bias at ${x = 0}$; it is not better at every edge: extrapolating a line is
# only safe where $f$ is close to a line inside the window. (That +0.03 and +0.15 seem to make
# +0.18 is rounding again.)
#
# The negative equivalent weights also show that local linear regression is no longer attention
# pooling in the strict sense (its weights are not a probability distribution), but a close
# relative.
#
# ## Each at its own best bandwidth
#
# Both methods above used ${h = 1}$, but their best bandwidths need not be the same. A fair
# comparison lets each method pick, from the same grid of bandwidths (0.1 to 1
# in steps of 0.05), the one with its smallest test MSE. As in [A gallery of bandwidths](nonparametric.py#a-gallery-of-bandwidths) on the non-parametric page, choosing
# with `y_truth` is only possible in a toy problem. Real data have no `y_truth`; the practical
# way is leave-one-out: predict each training point from the others and pick the bandwidth with
# the smallest leave-one-out error, as [Why leave one out](leave-one-out.py) does for ${w = 1/h}$.

# %%
# bandwidths 0.10, 0.15, ..., 1.00
grid = [0.05 * k for k in range(2, 21)]
name_nw = "Nadaraya-Watson"
name_ll = "local linear"
methods = {
    name_nw: at.nadaraya_watson,
    name_ll: at.local_linear,
}
best_h, best_mse = {}, {}
print(" " * 16, "best h  test MSE")
for name, method in methods.items():
    mses = []
    for h in grid:
        # (n_test,)
        y_hat_h, _ = method(
            *qkv,
            bandwidth=h,
        )
        error_h = y_hat_h - data.y_truth
        mse = (error_h**2).mean()
        mses.append(mse.item())
    # position of the smallest test MSE
    k = mses.index(min(mses))
    h, mse = grid[k], mses[k]
    best_h[name] = h
    best_mse[name] = mse
    print(
        f"{name:<15}  {h:>6.2f} ",
        f"{mse:>8.4f}",
    )

# %% [markdown]
# Each at its best, local linear regression still has a clearly smaller test error, and its best
# bandwidth is wider. The line removes the bias that comes from the slope, at the edges above all,
# so widening the window costs local linear regression less bias than it costs Nadaraya-Watson,
# while the noise is averaged over more points.
#
# The flattening of peaks and troughs, the curvature bias, stays for both. Back at ${h = 1}$:
# how far does each miss near the peak?

# %%
# a line removes the slope's bias, not
# the curvature's: at h = 1 both flatten
# the peak of f (x from 1.5 to 2.5)
# (n_test,)
near = (x_test > 1.45) & (x_test < 2.55)
x_near = x_test[near]
truth = data.y_truth[near]
miss_nw = (y_hat[near] - truth).abs()
miss_ll = (y_ll[near] - truth).abs()
flat_nw = miss_nw.max()
flat_ll = miss_ll.max()
# where each fit misses most
worst = [
    x_near[miss_nw.argmax()].item(),
    x_near[miss_ll.argmax()].item(),
]
print(
    "h = 1, largest miss",
    "near the peak",
)
print("(x from 1.5 to 2.5):")
flats = (flat_nw, flat_ll)
for k, name in enumerate(methods):
    print(
        f"  {name:<15}  {flats[k]:.2f}",
        f"at x = {worst[k]:.1f}",
    )

# %% [markdown]
# Both miss by the same 0.56: Nadaraya-Watson at ${x = 1.9}$ and local linear regression at
# ${x = 2.0}$.
#
# ## Checking the text
#
# Every claim of this page's text is checked, one by one, by the cell below (if a rerun breaks
# one, the build fails); the numbers the text quotes are copied, rounded, from the output the
# cells above print. It teaches nothing new; you can skip it.

# %% fold="The code that checks the text, claim by claim"
# checks of the page's text
# 1. where the fit goes astray
middle = n_test // 2
# (n_test,): each query's mean key
mean_keys = attention_weights @ x_train
# (n_test,): each query's largest weight
largest = attention_weights.amax(dim=1)
# the fit at x = 0: more than 2 too high
assert y_hat[0] - data.y_truth[0] > 2
# x = 0 looks well to its right
assert mean_keys[0] > 0.5
# the corners stand out
assert largest[0] > largest[middle]
assert largest[-1] > largest[middle]
# the middle looks at 2.34, not at 2.5
shift = (x_test - mean_keys)[middle]
assert 0.1 < shift < 0.2
# the largest misses: about 0.5
assert 0.4 < -error[too_low] < 0.6
assert 0.4 < error[too_high] < 0.6
# the right end: almost on the curve
assert abs(error[-1]) < 0.05
# about 60%, under half
assert 0.55 < share_left < 0.65
assert share_right < 0.5
# 2. local linear regression
# the same b0 both ways
b0 = y_ll[0].item()
assert abs(b0_lstsq - b0) < 1e-4
# the negative weights are exactly the
# keys beyond the cutoff
past = x_train > cutoff
assert torch.equal(ell_0 < 0, past)
# left of x_bar, ell_i > alpha_i;
# right of it, less
left = x_train < x_bar
assert (ell_0 > alpha_0).equal(left)
# the errors at x = 0
bias_nw = error[0].abs()
bias_ll = error_ll[0].abs()
# at x = 0, most of the bias is gone
assert bias_ll < bias_nw / 2
# and the test MSE is smaller
assert mse_ll < mse_nw
# 3. the two biases
# the three parts add up to the error
for i, part in parts.items():
    miss = error[i].item()
    assert abs(part[-1] - miss) < 1e-4
# x = 0: the one-sided bias alone is
# more than the whole error; the
# curvature takes some back, the noise
# adds a little
one, curv, noise, total = parts[0]
assert one > total > 0
assert curv < 0 < noise
# x = 4.9: the two biases have opposite
# signs and largely cancel
one, curv, *_ = parts[n_test - 1]
assert one < 0 < curv
assert abs(one + curv) < abs(one)
# local linear = NW + the correction
for i, slope in slopes.items():
    fixed = y_hat[i] + slope[3]
    assert abs(fixed - y_ll[i]) < 1e-4
# x = 0: the line is too shallow, it
# removes part of the bias (about 61%)
_, b, s, corr, need, err = slopes[0]
assert 0 < b < s and err > 0
assert 0.5 < corr / need < 0.7
# x = 4.9: fitted before the trough, the
# line falls where f rose
at_end = slopes[n_test - 1]
centre, b, s, corr, need, err = at_end
assert b < 0 < s and err < 0
assert corr < 0 < need
assert centre < trough < x_test[-1]
# even the needed correction would not
# help: it would leave the curvature
# bias and the noise, more than
# Nadaraya-Watson's whole error
with_need = error_nw + need
assert abs(with_need) > abs(error_nw)
# the numbers the text gives
errors = (error_nw, with_need)
shown = [f"{e:+.2f}" for e in errors]
assert shown == ["+0.03", "+0.19"]
# rounded, +0.03 and +0.15 make +0.18
r_nw = round(error_nw.item(), 2)
r_need = round(need.item(), 2)
rounded = r_nw + r_need
assert f"{rounded:+.2f}" == "+0.18"
# 4. each at its own best bandwidth
mse_ll_best = best_mse[name_ll]
assert mse_ll_best < best_mse[name_nw]
# a wider window
assert best_h[name_ll] > best_h[name_nw]
# both miss by 0.56
assert 0.55 < flat_nw < 0.57
assert 0.55 < flat_ll < 0.57
# at x = 1.9 and x = 2.0
at_x = [round(x, 1) for x in worst]
assert at_x == [1.9, 2.0]
print("every check holds")

# %% [markdown]
# ## Exercises
#
# 1. The docstring example of `local_linear` (in the folded source above) already shows that with
#    four key-value pairs on the line ${y = 2x + 1}$ (keys 0, 1, 2, 3) local linear regression is
#    exact at the two edge queries, 0 and 3. What happens when the query leaves the keys' range?
#    Keeping the bandwidth 1, compare local linear regression and Nadaraya-Watson at ${x = 4}$ and
#    ${x = 5}$, and explain why Nadaraya-Watson cannot predict more than the largest value.
#
# <details><summary>Solution</summary>
#
# ```pycon
# >>> import torch
# >>> import attention_tutorial as at
# >>> keys = torch.arange(4.0)
# >>> # points on a straight line
# >>> values = 2 * keys + 1
# >>> values
# tensor([1., 3., 5., 7.])
# >>> # beyond the keys
# >>> queries = torch.arange(4.0, 6.0)
# >>> queries
# tensor([4., 5.])
# >>> y_ll, ell = at.local_linear(
# ...     queries, keys, values
# ... )
# >>> y_ll
# tensor([ 9.0000, 11.0000])
# >>> y_nw, _ = at.nadaraya_watson(
# ...     queries, keys, values
# ... )
# >>> y_nw
# tensor([6.5790, 6.8393])
# >>> # negative weights per query
# >>> (ell < 0).sum(dim=1)
# tensor([3, 3])
# >>> # the last key's weight
# >>> ell.max(dim=1).values
# tensor([1.8394, 2.8823])
# ```
#
# When the values lie on a straight line, weighted least squares finds that line itself: every
# residual is 0, whatever the weights, so even outside the keys' range $b_0$ is exactly the line's
# value at the query: local linear regression extrapolates along the line. Nadaraya-Watson's
# weights are non-negative and sum to 1, so its weighted average stays between the smallest and
# the largest value and cannot pass 7; the farther the query, the more weight goes to the last
# key and the closer the prediction comes to 7, never to 9 or 11. The equivalent weights of local
# linear regression can be negative, and larger than 1: at ${x = 5}$ the last key's is 2.88 and the
# other three are negative, and these make the extrapolation possible.
#
# </details>
#
# 2. Besides summing to 1, the equivalent weights satisfy $\sum_i \ell_i x_i = x$: their centre
#    lies exactly on the query. Check this on this page's data and compare with the
#    Nadaraya-Watson weights. How does it relate to exercise 1?
#
# <details><summary>Solution</summary>
#
# ```pycon
# >>> import torch
# >>> import attention_tutorial as at
# >>> data = at.make_data()
# >>> qkv = (
# ...     data.x_test,
# ...     data.x_train,
# ...     data.y_train,
# ... )
# >>> # both (n_test, n_train)
# >>> _, ell = at.local_linear(*qkv)
# >>> _, a = at.nadaraya_watson(*qkv)
# >>> torch.allclose(
# ...     ell.sum(dim=1),
# ...     torch.ones(50),
# ...     atol=1e-5,
# ... )
# True
# >>> torch.allclose(
# ...     ell @ data.x_train,
# ...     data.x_test,
# ...     atol=1e-4,
# ... )
# True
# >>> # NW: the centre of x = 0 lies to
# >>> # its right
# >>> centre = a[0] @ data.x_train
# >>> round(centre.item(), 4)
# 0.8287
# ```
#
# Together the two conditions give, for any straight line $c_0 + c_1 x$,
# $\sum_i \ell_i (c_0 + c_1 x_i) = c_0 + c_1 x$: every straight line is reproduced as it is,
# which is exercise 1. The Nadaraya-Watson weights satisfy only the
# first condition; at the edges their centre (this page's mean key) moves away from the query,
# and the slope of the line turns into bias.
#
# </details>
#
# ## APIs used on this page
#
# - Package: <autoref identifier="attention_tutorial.local_linear_regression.local_linear">local_linear</autoref>,
#   <autoref identifier="attention_tutorial.pooling.nadaraya_watson">nadaraya_watson</autoref>,
#   <autoref identifier="attention_tutorial.data.make_data">make_data</autoref>,
#   <autoref identifier="attention_tutorial.data.f">f</autoref>,
#   <autoref identifier="attention_tutorial.figures.boundary_bias.plot_boundary_bias">plot_boundary_bias</autoref>
# - PyTorch: `torch.linalg.lstsq`, `torch.stack`
