# %% [markdown]
# # Attention cues
#
# Attention is a scarce resource: our eyes take in far more than the brain can process, and only
# a small part of it gets looked at properly. The attention mechanism of deep learning borrows
# this idea. This page describes the two kinds of attention cue with an everyday scene, says what
# each corresponds to in a neural network, and introduces the three protagonists of the chapter:
# **queries**, **keys** and **values**.

# %%
import torch
from torch.nn import functional as F

import attention_tutorial as at

# %% [markdown]
# ## Two kinds of cue
#
# You are hurrying to catch a train and look up at the departures board. Among dozens of rows,
# one says "DELAYED" in flashing red, and your eyes jump to it before you have decided anything.
# That is a **non-volitional cue**: it comes from the input itself, whatever you happen to want.
# Salience is only the most noticeable kind. The train number written on every row is a
# non-volitional cue too: it is there, and reads the same, whichever train you are after.
#
# But your train is a different one. So you look away, run down the column of train numbers
# until you find the one printed on your ticket, and then read across to its platform. That is
# a **volitional cue**: your own goal steers your attention, and with a different ticket in your
# hand you would have looked somewhere else.
#
# - **Non-volitional cue**: set by the input itself; a different goal leaves it unchanged. At
#   the station: the train number on each row of the board, and anything that stands out, such
#   as the flashing red "DELAYED".
# - **Volitional cue**: set by the observer's goal; a different goal changes it. At the
#   station: the train number on your ticket.
#
# ## Convolution, fully connected and pooling layers have no volitional cue
#
# The output of a convolutional, fully connected or pooling layer depends only on its input and
# the layer's own parameters. None of these layers has an input that could say "this is what I
# am looking for this time": they have no volitional cue, and at most they use non-volitional
# ones. Max pooling does: it always picks the largest number in its window, the way the eye is
# always drawn to the brightest row. Average pooling does not even pick: it gives every number
# the same weight, so it does not use even a non-volitional cue (the page
# [Average pooling](average.py) comes back to this). d2l counts average pooling among the layers
# that use only non-volitional cues, in the sense that its output depends on the input alone;
# this page is stricter: what picks nothing uses no cue.
#
# Below, max pooling and average pooling of the same four numbers. Whatever we might be looking
# for, the results cannot change: the functions have no argument for it.

# %%
# (4,)
values = torch.tensor(
    [0.5, 3.0, 1.0, 2.0],
)
# .item(): the Python number inside
# a one-element tensor
largest = values.max().item()
average = values.mean().item()
print(f"max pooling:     {largest:.4f}")
print(f"average pooling: {average:.4f}")

# %% [markdown]
# ## Attention adds a query
#
# An attention mechanism takes one more input: the **query**. It is the volitional cue, "what
# am I looking for this time". Every input that can be looked up is a pair of a **key** and a
# **value**. The key is a non-volitional cue: what the input offers, the same whatever the
# query is, and what the query is compared with (the train number on each row of the board; it
# need not stand out). Each key comes with a
# value, what is actually taken once the comparison is done (the platform on that row). Key and
# value may also be the same thing; in the regression problem of this chapter the keys are the training inputs $x_i$ and
# the values the matching training outputs $y_i$.
#
# Given a query $q$ and $n$ key-value pairs $(k_1, v_1), \dots, (k_n, v_n)$, **attention
# pooling** outputs a weighted average of the values:
#
# $$f(q) = \sum_{i=1}^{n} \alpha(q, k_i)\, v_i .$$
#
# The weights $\alpha(q, k_i)$ are the **attention weights**: the more similar query and key, the
# larger the weight. All weights are non-negative and they sum to 1. A common recipe gives each
# key a score $a(q, k_i)$ and turns the scores into weights with a softmax:
#
# $$\begin{aligned}
# \alpha(q, k_i) &= \operatorname{softmax}_i\big(a(q, k_i)\big) \\
# &= \frac{\exp\big(a(q, k_i)\big)}{\sum_{j=1}^{n} \exp\big(a(q, k_j)\big)} .
# \end{aligned}$$
#
# With the same four values as above and four keys, a different query gives a different output:
# that is what a volitional cue does. The score here is $a(q, k) = -(q - k)^2 / 2$, highest for
# the keys nearest to the query (the page
# [Non-parametric attention pooling](nonparametric.py) shows that it comes from the Gaussian
# kernel).

# %%
# (4,)
keys = torch.tensor(
    [0.0, 1.0, 2.0, 3.0],
)
for query in (0.0, 3.0):
    # (4,)
    scores = -((query - keys) ** 2) / 2
    # (4,): softmax over the keys, dim=0
    attention_weights = F.softmax(
        scores,
        dim=0,
    )
    # (4,) . (4,) -> (): the output f(q)
    f_q = torch.dot(
        attention_weights,
        values,
    )
    # the weights to 3 decimals
    alpha = attention_weights.tolist()
    shown = [f"{a:.3f}" for a in alpha]
    weights_text = ", ".join(shown)
    print(f"query {query:.1f}:")
    print(f"  weights [{weights_text}]")
    print(f"  output {f_q.item():.4f}")

# %% [markdown]
# For the query 0, most of the weight goes to the keys 0 and 1; for the query 3 it moves to the
# keys 3 and 2. The values did not change: only the query did, and the output followed it.
#
# ## A real example
#
# The next page, [The data](data.py), builds the chapter's data: `make_data` draws 50
# training examples. Taking every 10th of them gives 5 key-value pairs, and one test
# input serves as the query. We print each key's score and weight, then the weighted average.

# %%
data = at.make_data()
# (5,): every 10th training input
keys = data.x_train[::10]
# (5,): their outputs
values = data.y_train[::10]
# (): one test input
query = data.x_test[20]
# (5,)
scores = -((query - keys) ** 2) / 2
# (5,)
attention_weights = F.softmax(
    scores,
    dim=0,
)
# (5,) . (5,) -> ()
y_hat = torch.dot(
    attention_weights,
    values,
)
print(f"query q = {query.item():.2f}")
print(" i   k_i   v_i   score  weight")
# per key: k_i, v_i, score, weight
rows = zip(
    keys.tolist(),
    values.tolist(),
    scores.tolist(),
    attention_weights.tolist(),
    strict=True,
)
for i, (k, v, s, a) in enumerate(rows):
    print(
        f"{i + 1:>2}",
        f"{k:>4.2f}",
        f"{v:>4.2f}",
        f"{s:>+6.3f}",
        f"{a:>6.3f}",
        sep="  ",
    )
total = attention_weights.sum().item()
print(f"sum of weights = {total:.4f}")
print(f"f(q) = {y_hat.item():.4f}")

# %% [markdown]
# The package's <autoref identifier="attention_tutorial.pooling.nadaraya_watson">nadaraya_watson</autoref>
# does exactly this, for many queries at once, which is why the query goes in as a 1-D tensor of
# shape `(1,)`. Both give the same weights and output:

# %%
# returns y_hat (1,) and weights (1, 5)
y_pkg, weights_pkg = at.nadaraya_watson(
    query.reshape(1),
    keys,
    values,
)
same_weights = torch.allclose(
    weights_pkg[0],
    attention_weights,
)
same_output = torch.allclose(
    y_pkg[0],
    y_hat,
)
print("same weights:", same_weights)
print("same output: ", same_output)
assert same_weights and same_output

# %% [markdown]
# The diagram below draws this one act of attention pooling (the function
# <autoref identifier="attention_tutorial.figures.attention.plot_attention_pooling">plot_attention_pooling</autoref>
# calls `nadaraya_watson`, so every number in it is computed). The query is compared with each
# key, and the thicker the arrow, the larger that key's attention weight; the bars in the middle
# are the weights themselves; on the right, each value flows into the output in proportion to
# its weight. The bottom line spells out $f(q) = \sum_i \alpha(q, k_i)\, v_i$ term by term.

# %%
at.plot_attention_pooling(
    query,
    keys,
    values,
)

# %% [markdown]
# The weights in the diagram carry four decimals: under it, the diagram adds up the printed
# weights times the printed values, and four decimals are the fewest with which that sum
# prints as the output, 2.68 (the folded cell below works it out with two, three and four).

# %% fold="Why four decimals for the weights?"
# the diagram's sum, with the weights
# rounded to 2, 3 and 4 decimals

v_list = values.tolist()
# the values as the diagram prints them
v_shown = [round(v, 2) for v in v_list]
alpha = attention_weights.tolist()
sums = []
for d in (2, 3, 4):
    shown = [round(a, d) for a in alpha]
    pairs = zip(
        shown,
        v_shown,
        strict=True,
    )
    total = sum(a * v for a, v in pairs)
    text = f"{total:.2f}"
    sums.append(text)
    print(f"{d} decimals: sum {text}")
output = f"{y_hat.item():.2f}"
print(f"output f(q) = {output}")
# four decimals: the fewest
# that give 2.68
assert output == "2.68"
assert sums == ["2.67", "2.69", "2.68"]

# %% [markdown]
# ## The road ahead
#
# 1. [The data](data.py): the regression problem of the chapter, and the `torch.rand`,
#    `torch.sort`, `torch.normal`, `torch.arange` and seeding that produce it.
# 2. [Average pooling](average.py): every weight is $1/n$, the query is ignored; the simplest
#    baseline.
# 3. [Non-parametric attention pooling](nonparametric.py): weights from the distance between
#    query and key (a Gaussian kernel).
# 4. [Boundary bias and local linear regression](local-linear.py): why the fit drifts at both
#    ends, and the remedy of a weighted straight line around each query.
# 5. [Parametric attention pooling](parametric.py): the model learns the width of the kernel.
# 6. [Why leave one out](leave-one-out.py): why no training point may look at its own key.
# 7. [Why the trained curve is less smooth](smoothness.py): how large the learned $w$ is, and
#    what "less smooth" costs.
# 8. [From the Gaussian kernel to dot-product attention](dot-product.py): expand the square and
#    the distance score is a dot product plus one bias per key.
# 9. [From kernel regression to Transformer attention](transformer.py): keys with many
#    features, scaled dot-product attention, masks.
# 10. [Learned projections on a 2-D toy problem](projections.py): the scalar $w$ becomes
#     learned projections.
# 11. [What attention costs as n grows](scale.py): memory and time of four formulations.
# 12. [Chapter recap](recap.py): the chapter in one place.
#
# ## Common confusions
#
# **Max pooling also "picks" one input. Isn't that attention?** Max pooling always picks the
# largest number, and the only thing it looks at is the input itself: a non-volitional cue.
# Attention pooling picks by the similarity of query and keys, so a different query picks
# differently.
#
# **Why keep keys and values apart?** Because what you compare and what you take need not be the
# same kind of thing. At the station you compare train numbers and take a platform; in this
# chapter's regression problem you compare inputs $x_i$ and take outputs $y_i$.
#
# **Why must the attention weights sum to 1?** So that the output is a weighted *average* of the
# values and stays in their range. The softmax guarantees it: every weight is positive, and
# dividing by the total makes them add up to 1.
#
# **Does the query have to be one of the keys?** No. The query above is not among the 5 keys. A
# query only has to be comparable with the keys (here, by subtracting two numbers).
#
# **Does the model really "look", like a person?** No. "Attention" is a metaphor; all that
# happens is the computation above: score, softmax, weighted average.
#
# ## Exercises
#
# 1. Move the query far away from every key, to 10.0. What do the weights look like, and which
#    value is the output close to?
#
# <details><summary>Solution</summary>
#
# ```pycon
# >>> import torch
# >>> import attention_tutorial as at
# >>> data = at.make_data()
# >>> keys = data.x_train[::10]
# >>> values = data.y_train[::10]
# >>> q = torch.tensor([10.0])
# >>> f_q, alpha = at.nadaraya_watson(
# ...     q, keys, values
# ... )
# >>> int(alpha.argmax())
# 4
# >>> round(alpha.max().item(), 4)
# 0.9998
# >>> round(f_q.item(), 4)
# 1.7885
# >>> round(values[4].item(), 4)
# 1.7881
# ```
#
# `argmax` counts from 0: 4 is the fifth key, the last row (i = 5) of the table in
# [A real example](#a-real-example). Nearly all the weight lands on it, the key nearest to
# 10.0, and the output is
# almost its value. Even for a query far from every key the weights still sum to 1 after the
# softmax: what counts is *relative* distance.
#
# </details>
#
# 2. If all keys are equal, what does attention pooling output? Does it depend on the query?
#
# <details><summary>Solution</summary>
#
# ```pycon
# >>> import torch
# >>> import attention_tutorial as at
# >>> keys = torch.full((4,), 2.0)
# >>> values = torch.tensor(
# ...     [1.0, 2.0, 3.0, 6.0]
# ... )
# >>> for query in (0.0, 2.0, 7.0):
# ...     q = torch.tensor([query])
# ...     f_q, _ = at.nadaraya_watson(
# ...         q, keys, values
# ...     )
# ...     print(round(f_q.item(), 4))
# 3.0
# 3.0
# 3.0
# ```
#
# All scores are equal, so the softmax gives every key the same weight $1/n$ and the output is
# the plain mean of the values, 3.0, whatever the query. That is
# [Average pooling](average.py), the page after next.
#
# </details>
#
# 3. Add the same constant to every score. Do the attention weights change?
#
# <details><summary>Solution</summary>
#
# ```pycon
# >>> import torch
# >>> import torch.nn.functional as F
# >>> scores = torch.tensor(
# ...     [-2.0, -0.5, -1.0]
# ... )
# >>> shifted = scores + 100.0
# >>> old = F.softmax(scores, dim=0)
# >>> new = F.softmax(shifted, dim=0)
# >>> torch.allclose(old, new)
# True
# ```
#
# No. $\exp(a_i + c) = e^c \exp(a_i)$, and the common factor $e^c$ cancels between numerator
# and denominator. The page [From the Gaussian kernel to dot-product attention](dot-product.py)
# uses exactly this to drop a term that depends on the query alone.
#
# </details>
#
# 4. Find an example from your own life and name its query, keys and values.
#
# <details><summary>Solution</summary>
#
# Looking for a book in a library by its call number: the query is the call number on your
# slip, the keys are the labels on the spines, the values are the books. The closer a label is
# to your call number, the more attention that book gets. Many answers are right, as long as the
# query can be compared with the keys and the values are what you end up taking.
#
# </details>
#
# ## APIs used on this page
#
# - Package: <autoref identifier="attention_tutorial.pooling.nadaraya_watson">nadaraya_watson</autoref>,
#   <autoref identifier="attention_tutorial.figures.attention.plot_attention_pooling">plot_attention_pooling</autoref>,
#   <autoref identifier="attention_tutorial.data.make_data">make_data</autoref>
# - PyTorch: `torch.tensor`, `torch.nn.functional.softmax`, `torch.dot`, `torch.allclose`, `torch.full`, `Tensor.max`,
#   `Tensor.argmax`, `Tensor.mean`, `Tensor.sum`, `Tensor.item`, `Tensor.tolist`, `Tensor.reshape`
# - Tensor API handbook: [softmax and dim](handbook/softmax.py)
