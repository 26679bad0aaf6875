# %% [markdown]
# # 从核回归到 Transformer 注意力
#
# 本章到最后只有一个可学习的数 $w$，输入也只有一维。Transformer 的注意力则不同：查询和键都是向量，$w$ 的位置上是两个矩阵 $W_q$ 和 $W_k$（还有第三个 $W_v$ 作用在值上，本章的值则原样使用），张量前面多了一个批量维，还常带着掩码（mask）。本页走完剩下的几步：
#
# - 一维时一个 w 为什么就够；
# - 向量上的高斯核，以及标量 $w$ 为什么随之变成矩阵；
# - 亲手写出缩放点积注意力（scaled dot-product attention，简称 SDPA），与 PyTorch 的 `F.scaled_dot_product_attention` 和 `nn.MultiheadAttention` 对照；
# - 用一次 `masked_fill` 实现留一法；
# - 以及 Transformer 的两种掩码：填充与因果。
#
# 本页接着《[从高斯核到点积注意力](dot-product.py)》一页往下讲。页面上所有的数字都是构建网站时运行代码得到的。

# %%
import torch
from torch import nn
from torch.nn import functional as F

import attention_tutorial as at


def max_gap(a, b):
    """The largest |a - b|, a float."""
    return (a - b).abs().max().item()


# the chapter's one seed ("_" takes a
# returned value we do not use)
_ = torch.manual_seed(at.SEED)

# %% [markdown]
# ## 一维时一个 w 为什么就够
#
# Transformer 给查询和键各配一个不同的矩阵。查询和键不共用同一个因子会怎样？本节先用标量来看。投影指乘在查询或键上的可学习因子，后面会变成矩阵；最小的投影就是一个标量，而输入只有一维时，$1 \times 1$ 的矩阵**就是**一个标量。像本章那样让查询和键共用同一个因子（称为绑定）时，这样的投影只学**带宽**（带宽在《[非参数注意力汇聚](nonparametric.py#不同带宽一览)》一页的“不同带宽一览”一节引入）；不绑定时，$W_q$ 和 $W_k$ 取两个不同的数 $a$、$b$，它还能挪动核的中心：分数 ${-\frac{1}{2}(aq - bk)^2} = {-\frac{1}{2}b^2\big(k - \frac{a}{b}q\big)^2}$，核的中心从查询 $q$ 挪到了 $\frac{a}{b}q$，宽度变成 $1/|b|$。下面取 $a = 4.5$、$b = 3$，用一个查询验证这一点：中心在 $\frac{a}{b}q$、宽度为 $1/|b|$ 的高斯核应当给出同样的权重；中心留在 $q$，或者宽度取 1，都应当对不上。（$b$ 不取 1，因为那时宽度恰好也是 1，宽度写错了也检查不出来。）

# %%
# the chapter's 1-D inputs (a local
# generator: the global random state
# stays)
x_1d = at.make_data().x_train  # (50,)
# W_q = a, W_k = b: untied 1 x 1
# projections
a, b = 4.5, 3.0
q0 = x_1d[20].item()  # one query
# (n_train,)
untied = F.softmax(
    -((a * q0 - b * x_1d) ** 2) / 2,
    dim=0,
)
centre, width = a / b * q0, 1 / abs(b)
print(f"a {a}, b {b}, query q {q0:.3f}")
print(
    f"(a/b) q {centre:.3f},",
    f"1/|b| {width:.3f}",
)
print(
    "max |untied - Gaussian kernel|",
    "with",
)
gaps = []
labels = (
    "centre (a/b) q, width 1/|b|",
    "centre q,       width 1/|b|",
    "centre (a/b) q, width 1    ",
)
centres = (centre, q0, centre)
widths = (width, width, 1.0)
for label, c, h in zip(
    labels,
    centres,
    widths,
    strict=True,
):
    # a Gaussian kernel of width h,
    # centred on c, over the keys:
    # (n_train,)
    z = (x_1d - c) / h
    gaussian = F.softmax(
        -(z**2) / 2,
        dim=0,
    )
    gap_c = max_gap(untied, gaussian)
    gaps.append(gap_c)
    print(f"  {label} {gap_c:.1e}")
# the centre (a/b) q and the width 1/|b|
# match; move either and it fails
assert gaps[0] < 1e-6
assert min(gaps[1:]) > 1e-2

# %% [markdown]
# 中心和宽度都对时，差在 float32 的舍入以内；换掉其中任何一个，差就大到 0.1 左右（打印的 1.1e-01 和 7.5e-02）。
#
# 对本章的回归来说，把核的中心挪离查询没有道理：要预测 $x$ 处的值，就该看 $x$ 附近的键。所以 ${W_q = W_k = w}$ 是合理的选择，但不是唯一可能的选择（绑定之后，符号也无关紧要：$w$ 和 $-w$ 给出相同的预测）。特征多了以后有什么变化，是接下来两节的内容；留一法损失（《[为什么要留一](leave-one-out.py)》），用 `nn.Parameter` 和优化器训练（《[带参数的注意力汇聚](parametric.py)》），以及点积加键偏置（[点积页](dot-product.py)），都原样保留。

# %% [markdown]
# ## 查询和键不止一个特征
#
# 本章的输入是一个数 $x$。现实中的输入大多有好几个特征，于是设 $x$ 是有 $d$ 个特征的向量。包里的二维玩具问题（<autoref identifier="attention_tutorial.toy2d.make_data_2d">make_data_2d</autoref>）从 $[0, 5)^2$ 上均匀抽取 100 个训练输入 $x = (x_1, x_2)$（本页的下标 1、2 表示第几个特征，不再像前几页那样表示第几个训练样本；只有 $k_j$、$\alpha_i$ 里的下标仍表示第 $j$、$i$ 个键），令 $y = f(x_1) + \epsilon$，其中 $f(x) = 2\sin x + x^{0.8}$ 和噪声都与本章相同。输出只取决于 x₁：**x₂ 是个干扰项**。测试输入是 $20 \times 20$ 的网格，所以 $n_\text{test} = 400$，不等于 $n_\text{train} = 100$：权重表是 400 × 100，不是方阵，两个维度弄混就会报错。

# %%
# y depends on x_1 only;
# x_2 is a distraction
data2 = at.make_data_2d()
print(
    "x_train:",
    tuple(data2.x_train.shape),
    " y_train:",
    tuple(data2.y_train.shape),
)
print(
    "x_test: ",
    tuple(data2.x_test.shape),
    " y_truth:",
    tuple(data2.y_truth.shape),
)

# %% [markdown]
# 《[非参数注意力汇聚](nonparametric.py)》一页的高斯核，推广到 $d$ 维就是
#
# $$K_h(q - k) = \frac{1}{(2\pi)^{d/2} h^d} \exp\left(-\frac{\lVert q - k\rVert^2}{2h^2}\right),$$
#
# 原来的平方 $(q - k)^2$ 换成了差向量长度的平方 $\lVert q - k\rVert^2$。<autoref identifier="attention_tutorial.transformer.gaussian_kernel_nd">gaussian_kernel_nd</autoref> 用广播 `(n_test, 1, d) - (1, n_train, d)` 来算；`torch.cdist` 换一条路算出距离，两者一致（这里用 `gaussian_kernel_nd` 默认的带宽 $h = 1$）：

# %%
# (n_test, n_train)
kernel = at.gaussian_kernel_nd(
    data2.x_test,
    data2.x_train,
)
# (n_test, n_train): |q - k|
distances = torch.cdist(
    data2.x_test,
    data2.x_train,
)
# d = 2: (2 pi)^(d/2) = 2 pi
gauss = torch.exp(-(distances**2) / 2)
reference = gauss / (2 * torch.pi)
gap_kernel = max_gap(kernel, reference)
print("kernel:", tuple(kernel.shape))
print(
    "max |kernel - cdist version| =",
    f"{gap_kernel:.1e}",
)
assert gap_kernel < 1e-6

# %% [markdown]
# ## 一个 w 为什么会变成矩阵
#
# 本章的模型给键打的分是 $-\frac{1}{2}\lVert (q - k)\,w\rVert^2$。一个数 $w$ 只能把**所有方向按同一个比例**拉伸或压缩，所以核函数是一个圆鼓包（核值在查询处最高，往各个方向同样快地降下去，等高线是圆）。在这个问题上，这就吃亏了：一个点如果 x₁ 很近、x₂ 很远，本来是个好邻居，圆鼓包却照样按 x₂ 上的距离惩罚它。要让鼓包沿 x₁ 窄、沿 x₂ 宽得几乎不管它，每个方向都得有自己的比例，而且方向之间还可以混合：标量于是变成矩阵 $W$，分数变成 $-\frac{1}{2}\lVert W(q - k)\rVert^2$。非对角元素让鼓包斜过来，用于几个特征合起来才有意义的情形；这里对角的 $W$ 就够了。
#
# 上面算好的核就是一个圆鼓包，可以说明这一点。下面取测试网格上 $(2, 2.5)$ 处的查询（$f$ 在 $x_1 = 2$ 附近最高），从训练点里挑出两个：P 沿 x₁ 几乎正对查询、沿 x₂ 却离得远；R 沿 x₁ 差了一个单位以上、沿 x₂ 几乎重合。再拿这样一个窄鼓包来比，它的 $W$ 是对角矩阵 $\operatorname{diag}(3, 0.3)$。代码给两个鼓包打印的都是 ${\exp\big(-\frac{1}{2}\lVert W(k - q)\rVert^2\big)}$（圆鼓包的 $W$ 是单位矩阵），都不带归一化常数：常数在 softmax 里会消掉，去掉它两个鼓包的峰都是 1，所以四个数可以放在同一个尺度上比。挑 P、R 用到 `torch.where(condition, input, other)`：逐元素地在 `condition` 为真处取 `input`，否则取 `other`（手册条目 [torch.where](handbook/where.py)）；不合条件的点记成 `torch.inf`，`argmin`（取最小值的下标）就不会挑中它们。`.norm(dim=1)` 求每行向量的长度：

# %%
# a test query at x_1 = 2, near the top
# of f
target = torch.tensor([2.0, 2.5])
to_target = data2.x_test - target
q_idx = to_target.norm(dim=1).argmin()
query = data2.x_test[q_idx]  # (2,)
# (n_train, 2): k - q
diff = data2.x_train - query
# (n_train,) each
far_x2 = diff[:, 1].abs() > 1.5
far_x1 = diff[:, 0].abs() > 1.0
# P: far along x_2, nearest along x_1
p_idx = torch.where(
    far_x2,
    diff[:, 0].abs(),
    torch.inf,
).argmin()
# R: far along x_1, the nearest of all
r_idx = torch.where(
    far_x1,
    diff.norm(dim=1),
    torch.inf,
).argmin()
# f(x_1): the truth without the noise,
# at the query and at P and R
f_q = data2.y_truth[q_idx].item()
x1_pr = data2.x_train[[p_idx, r_idx], 0]
f_p, f_r = at.f(x1_pr).tolist()
print(
    f"query ({query[0]:.2f},",
    f"{query[1]:.2f}),",
    "f(x_1)",
    f"{f_q:.2f}",
)
for name, j, f_j in (
    ("P", p_idx, f_p),
    ("R", r_idx, f_r),
):
    dx1, dx2 = diff[j].tolist()
    print(
        f"{name}: k - q ({dx1:+.2f},",
        f"{dx2:+.2f}),",
        "f(x_1)",
        f"{f_j:.2f}",
    )
# narrow along x_1, wide along x_2
W_diag = torch.tensor([3.0, 0.3])
# W (k - q): (n_train, 2)
scaled = diff * W_diag
# |W (k - q)|^2, |k - q|^2: (n_train,)
narrow_sq = (scaled**2).sum(dim=1)
round_sq = (diff**2).sum(dim=1)
narrow = torch.exp(-narrow_sq / 2)
# the round bump without its constant
# 1 / (2 pi)
round_bump = torch.exp(-round_sq / 2)
assert torch.allclose(
    round_bump / (2 * torch.pi),
    kernel[q_idx],
)
round_p = round_bump[p_idx].item()
round_r = round_bump[r_idx].item()
narrow_p = narrow[p_idx].item()
narrow_r = narrow[r_idx].item()
print(
    f"round bump:  P {round_p:.3f},",
    f"R {round_r:.3f}",
)
print(
    f"narrow bump: P {narrow_p:.3f},",
    f"R {narrow_r:.3f}",
)
assert round_r > 2 * round_p
assert narrow_p > 10 * narrow_r
# P's truth is the query's; R's is far
# from it
assert abs(f_p - f_q) < 0.1
assert abs(f_r - f_q) > 1.0

# %% [markdown]
# P 沿 x₁ 与查询对齐，那里不带噪声的真值 $f(x_1)$ 和查询处一样，都是 3.56；R 沿 x₁ 差了 1.13，真值只有 2.43。输出只取决于 x₁，所以该看的邻居是 P。可是圆鼓包给 R 的核值（0.525）比给 P 的（0.174）大得多，因为它只看距离的长度。窄鼓包反过来，给 P 0.853、给 R 0.003：它几乎不管 x₂ 上的距离。一个 $w$ 只能把圆鼓包整体放大或缩小，改不了这个排序。
#
# Transformer 再往前走一步，给查询和键**各自**一个矩阵：$q' = W_q q$，$k' = W_k k$；值也有第三个矩阵 $v' = W_v v$。在一维里，不绑定的因子只会挪动核的中心，为什么还要这样？在 Transformer 里，查询和键扮演不同的角色（一个词要找的可能是它的动词，而不是它自己）：分数是学出来的匹配程度，不是距离；中心离开查询，正是这种匹配需要的。平方展开对向量照样成立（点积页“[Transformer 为什么去掉键偏置](dot-product.py#transformer-为什么去掉键偏置)”一节），所以“先做可学习的投影、再用高斯核”就是**点积分数加上每个键一个偏置**；只有一个特征（$d = 1$）时，取 ${W_q = W_k = w}$、$W_v = 1$，它恰好就是本章的模型。<autoref identifier="attention_tutorial.transformer.ProjectedAttention">ProjectedAttention</autoref> 就是这个模型：
#
# - 它的三个矩阵各是一个 `nn.Linear`，用 `bias=False` 造出，不加常数向量。这个层的偏置与键偏置无关（手册条目 [nn.Linear](handbook/linear.py)）。
# - 设 `key_bias=False` 时，它像 Transformer 一样去掉键偏置。
# - 这时它还把点积除以投影后查询和键的维数 $d_k$ 的平方根。原因见下一节“[亲手写出缩放点积注意力](#亲手写出缩放点积注意力)”，那里简写作 $d$。

# %% [markdown]
# ## 亲手写出缩放点积注意力
#
# 先不看公式，用文字说一遍它做什么：每个查询和每个键各做一次点积，得到一张分数表，每行一个查询；每一行做 softmax，变成这个查询分给各个键的权重；输出就是按这些权重对值求的加权平均。除以 $\sqrt{d}$ 是为了让分数的标准差不随维数 $d$ 增长：若查询和键的各个分量相互独立、均值为 0、方差为 1，点积 $q^\top k$ 是 $d$ 项之和，方差为 $d$，标准差为 $\sqrt{d}$，除以 $\sqrt{d}$ 后标准差回到 1。这很要紧：分数越分散，softmax 就越接近[独热](glossary.md#one-hot)（one-hot），一个键拿走几乎全部权重，经过 softmax 的梯度也几乎消失；下面留一法一节的热图就偏向这一端。写成公式：
#
# $$\operatorname{Attention}(Q, K, V) = \operatorname{softmax}\left(\frac{Q K^\top}{\sqrt{d}}\right) V$$
#
# 其中 $Q$ 的形状是 `(n_q, d)`，$K$ 是 `(n_k, d)`，$V$ 是 `(n_k, d_v)`。模型一次处理许多条序列（对 Transformer 来说是词或词元的序列），所以每个张量前面都多一个**批量**维。
#
# 到了代码里，`@`（`torch.matmul`）对最后两维做矩阵乘法，并对前面的维做广播（手册条目 [torch.matmul](handbook/matmul.py) 列出的最后一种情况：“成批”）；`K.transpose(-2, -1)` 交换 `K` 的最后两维。公式的每一步都是一条简短的语句（分数分两条写：先算 `QK`，再算 `scores`）：

# %%
batch, n_q, n_k, d, d_v = 2, 5, 7, 4, 3
# (batch, n_q, d), (batch, n_k, d) and
# (batch, n_k, d_v)
Q = torch.randn(batch, n_q, d)
K = torch.randn(batch, n_k, d)
V = torch.randn(batch, n_k, d_v)
# (batch, n_q, d) @ (batch, d, n_k)
# -> (batch, n_q, n_k)
QK = Q @ K.transpose(-2, -1)
scores = QK / d**0.5
# (batch, n_q, n_k); each row sums to 1
attention_weights = F.softmax(
    scores,
    dim=-1,
)
# (batch, n_q, n_k) @ (batch, n_k, d_v)
# -> (batch, n_q, d_v)
output = attention_weights @ V
print(
    "scores:",
    tuple(scores.shape),
    " output:",
    tuple(output.shape),
)

# %% [markdown]
# 算 `QK` 那一行的 `Q @ K.transpose(-2, -1)` 也可以用 `torch.einsum("bqd,bkd->bqk", Q, K)` 来写：下标字符串直接说出“对批量里的每条序列 `b`、每个查询 `q`、每个键 `k`，把特征 `d` 乘起来再求和”，不用转置（手册条目 [torch.einsum](handbook/einsum.py)）。下面核对这两种写法，再用 PyTorch 的融合函数（fused function）`F.scaled_dot_product_attention` 和包里的 <autoref identifier="attention_tutorial.transformer.dot_product_attention">dot_product_attention</autoref>（同样几行，外加参数检查和掩码）各算一遍，代码里分别简写作 `sdpa` 和 `at_sdpa`。“融合”指打分、softmax、加权平均这几步在一次调用里做完：输入合适时由一个编译好的 C++ 例程一次算完，这种例程叫内核（kernel，与高斯核无关）；否则走 PyTorch 未融合的“math”路径，一步步分开计算。

# %%
# (batch, n_q, n_k)
QK_einsum = torch.einsum(
    "bqd,bkd->bqk",
    Q,
    K,
)
scores_einsum = QK_einsum / d**0.5
gap_einsum = max_gap(
    scores,
    scores_einsum,
)
print(
    "max |scores - scores_einsum| =",
    f"{gap_einsum:.1e}",
)
assert gap_einsum < 1e-6
# PyTorch's fused function; the
# package's also returns the weights
sdpa = F.scaled_dot_product_attention
at_sdpa = at.dot_product_attention
# (batch, n_q, d_v) each
output_sdpa = sdpa(Q, K, V)
output_at, _ = at_sdpa(Q, K, V)
gap_sdpa = max_gap(output, output_sdpa)
gap_at = max_gap(output, output_at)
print(
    "max |output - output_sdpa| =",
    f"{gap_sdpa:.1e}",
)
print(
    "max |output - output_at|   =",
    f"{gap_at:.1e}",
)
assert gap_sdpa < 1e-6 and gap_at == 0

# %% [markdown]
# ### 把同样的权重交给 nn.MultiheadAttention
#
# `nn.MultiheadAttention` 就是 Transformer 里的注意力层：它用自己的 $W_q$、$W_k$、$W_v$ 投影查询、键和值，做缩放点积注意力，再把结果投影一次。下面这个检查的道理很简单：**同样的矩阵必然给出同样的输出**。把我们的三个矩阵交给它，只用一个头（head，只做一份注意力，就是上面写出的那种）、传入 `bias=False`（它默认带偏置）、不要最后那次投影，它的结果就必须和我们的 `ProjectedAttention(key_bias=False)` 完全相同。代码打印输出和权重两处的最大差。
#
# <details class="note"><summary>选读：代码怎样把权重拷进去</summary>
#
# - **矩阵放在哪里**：`nn.MultiheadAttention` 把 $W_q$、$W_k$、$W_v$（每个都是 $(d, d)$）从上到下叠放在一个形状为 $(3d, d)$ 的参数 `in_proj_weight` 里，所以用 `torch.cat` 把我们的三个权重接起来正好填满它。最后那次投影是 `out_proj`；把它的权重设成单位矩阵 `torch.eye(d)`，就等于不投影。
# - **头**：[多头注意力](glossary.md#multi-head-attention)里，几份注意力并排运行，各自处理投影后特征的一段，输出再拼接起来，经过 `out_proj`。只有一个头时，这一段就是全部特征。
# - **批量维在前**：`batch_first=True` 表示批量维排在最前面，和我们的张量一样。
# - **尺寸**：`ProjectedAttention` 的四个尺寸依次是：查询和键输入的特征数 `d_in`、投影后查询和键的特征数 `d_k`、值输入的特征数 `d_value_in`、投影后值的特征数 `d_v`；这里四个都取 $d$。不传 `vdim` 时，`in_proj_weight` 里的 $W_v$ 是 $d \times d$，所以值必须有 $d$ 个特征：上面的 `V` 只有 $d_v = 3$ 个，这里另造一个 `V4`。
# - **把数值写进去**：层的参数是要求梯度（`requires_grad=True`）的[叶子张量](glossary.md#leaf-tensor)（由用户直接创建、而不是由运算算出的张量）；自动求导记录计算图时，PyTorch 不许原地改写这样的叶子张量。在 `torch.no_grad()` 里不记录计算图，`.copy_` 就可以原地写入：参数对象本身不变，只换了里面的数。
#
# </details>

# %%
model = at.ProjectedAttention(
    d_in=d,
    d_k=d,
    d_value_in=d,
    d_v=d,
    key_bias=False,
)
assert isinstance(model.W_q, nn.Linear)
print(
    "W_q weight:",
    tuple(model.W_q.weight.shape),
)
print("W_q bias:", model.W_q.bias)
mha = nn.MultiheadAttention(
    d,
    num_heads=1,
    bias=False,
    batch_first=True,
)
# give MultiheadAttention the same three
# matrices, and no output projection
in_proj = torch.cat(
    [
        model.W_q.weight,
        model.W_k.weight,
        model.W_v.weight,
    ]
)
identity = torch.eye(d)
with torch.no_grad():
    mha.in_proj_weight.copy_(in_proj)
    mha.out_proj.weight.copy_(identity)
# built without vdim, MultiheadAttention
# takes values of size d
V4 = torch.randn(batch, n_k, d)
with torch.no_grad():
    # (batch, n_q, d), (batch, n_q, n_k)
    ours, ours_w = model(Q, K, V4)
    # need_weights=True by default: mha
    # also returns the weights, averaged
    # over the heads (here one head)
    theirs, theirs_w = mha(Q, K, V4)
gap_mha = max_gap(ours, theirs)
gap_mha_w = max_gap(ours_w, theirs_w)
print(
    "max |ours - MultiheadAttention|:",
)
print(f"  outputs {gap_mha:.1e}")
print(f"  weights {gap_mha_w:.1e}")
assert gap_mha < 1e-5
assert gap_mha_w < 1e-6

# %% [markdown]
# ## 把留一法写成带掩码的 softmax
#
# 在《[带参数的注意力汇聚](parametric.py)》一页，每个训练样本要拿到**其余**所有样本的键，用了三步：把 `x_train` 铺成方阵，用掩码 `(1 - torch.eye(n)).type(torch.bool)` 留下对角线以外的元素，再 reshape 成 `(n, n - 1)`。
#
# 用掩码更省事（Transformer 用掩码遮什么，见本节末尾）：保留整个方阵，只把对角线上的分数改成 $-\infty$。$e^{-\infty} = 0$，于是 softmax 之后，每个点给自己那个键的权重恰好为 0，其余权重的和仍然是 1。这只要一次调用：`scores.masked_fill(eye, float("-inf"))`，也可以写成 `torch.where(eye, float("-inf"), scores)`（手册《[masked_fill 与 -inf](handbook/masked-fill.py)》）。算分数时，`x_train[:, None]` 是一列 `(n, 1)`，`x_train[None, :]` 是一行 `(1, n)`，两者相减经广播得到 `(n, n)` 的方阵（手册《[squeeze 与 unsqueeze](handbook/squeeze.py)》）。$w$ 取带参数那一页学到的值（同一个种子、同样的训练）；算它的代码在下面的折叠框之后。
#
# <!-- source: attention_tutorial.training.train -->

# %%
data = at.make_data()
x_train = data.x_train
y_train = data.y_train
# the parametric page's seed before its
# training: this run repeats it and
# learns the same w
_ = torch.manual_seed(at.SEED)
nw = at.NWKernelRegression()
at.train(nw, x_train, y_train)
# (1,), cut off from the autograd graph
w = nw.w.detach()
print(f"learned w = {w.item():.4f}")

# %%
n_train = len(x_train)
q_col = x_train[:, None]  # (n_train, 1)
k_row = x_train[None, :]  # (1, n_train)
# (n_train, n_train)
diffs = q_col - k_row
scores = -((diffs * w) ** 2) / 2
# (n_train, n_train): True on diagonal
eye = torch.eye(
    n_train,
    dtype=torch.bool,
)
masked = scores.masked_fill(
    eye,
    float("-inf"),
)
# (n_train, n_train)
weights = F.softmax(masked, dim=1)
# (n_train, n_train) @ (n_train,)
# -> (n_train,)
y_masked = weights @ y_train
diagonal = weights.diagonal().unique()
print(
    "weights on the diagonal:",
    diagonal.tolist(),
)

# %% [markdown]
# `diagonal()` 取出对角线上的元素，`unique()` 列出其中互不相同的值：只有 0。下面把这张权重表和不加掩码的同一张表上下画出来。先算读图要用的几个数：不加掩码时每个点给自己的键的平均权重、有效键数，以及左上角那四个点的位置。

# %%
# (n_train, n_train): the own key
# included
weights_own = F.softmax(scores, dim=1)
own = weights_own.diagonal()
own_unmasked = own.mean().item()
print(
    "own key's mean weight, no mask:",
    f"{own_unmasked:.2f}",
)


def keys_in_use(weights):
    """1 / sum(weights**2), per row."""
    return 1 / (weights**2).sum(dim=1)


# keys in use per query: (n_train,)
used_own = keys_in_use(weights_own)
used_masked = keys_in_use(weights)
# the smoothness page's test queries
# (all keys, no mask), bandwidth 1/w
_, weights_test = at.nadaraya_watson(
    data.x_test,
    x_train,
    y_train,
    1 / w.item(),
)
per_test = keys_in_use(weights_test)
used_test = per_test.mean().item()
# rows where the mask raises it
raised = used_masked > used_own
rises = raised.sum().item()
# the mask on
top = weights.max(dim=1).values
top_masked = top.mean().item()
print("keys in use per query, mean:")
print(
    "  without the mask",
    f"{used_own.mean():.1f}",
)
print(
    "  with the mask   ",
    f"{used_masked.mean():.1f}",
)
print(
    "  test queries    ",
    f"{used_test:.1f}",
)
print(
    "rows where it rises:",
    f"{rises} of {n_train}",
)
print(
    "mean largest weight, mask on:",
    f"{top_masked:.2f}",
)
# the heatmaps' top-left 4 x 4 block:
# the four leftmost training points
left4 = x_train[:4]  # (4,)
# from the fourth to the fifth point
gap = (x_train[4] - x_train[3]).item()
xs = [f"{v:.2f}" for v in left4]
print("four leftmost x:", ", ".join(xs))
print(
    "gap to the fifth point",
    f"{gap:.2f}",
)
print(
    "kernel width 1/w",
    f"{1 / w.item():.2f}",
)

# %%
label = "scores.masked_fill(eye, -inf)"
at.plot_attention_heatmaps(
    {
        "softmax(scores)": weights_own,
        f"softmax({label})": weights,
    },
    # each training point is a query
    # against the training points
    queries="train",
)

# %% [markdown]
# 训练点按 $x$ 排好了序，所以离得近的点编号也相邻。上图不加掩码：$w$ 这么大，这些点平均把一半左右的权重给了自己的键（打印的 0.51），预测平均有一半是在照抄自己的标签。下图加了掩码：被遮住的只有对角线上的格子，即每个点自己的键，权重恰好为 0（上面打印的 weights on the diagonal），颜色和远离对角线的空白格子一样；其余格子都没有被遮住，权重落到紧挨对角线左右两侧的格子上。
#
# 上面的代码还打印了有效键数（keys in use per query），即每个查询的 $1/\sum_i \alpha_i^2$ 再对查询取平均，定义见《[非参数注意力汇聚](nonparametric.py#不同带宽一览)》。这里的查询是训练点本身，所以它和《[训练后的曲线为何不平滑](smoothness.py)》表中 keys in use 一行、trained w 一列的 2.4 不同（上面重算为 test queries 一行）。不加掩码时，一行大约用上三个键（打印的 2.8）：自己的和左右两个邻居的。掩码拿走其中一个，剩下两个里离得近的那个通常分走大半权重（mean largest weight 一行，加掩码后每行最大权重的平均值，为 0.62），所以平均只剩 2.2 个键在用；不过 50 行里也有 8 行的有效键数反而变大（rows where it rises 一行）。
#
# 两幅图的左上角都有一个 4×4 的小块，它不是掩码造成的。最左边的四个训练点（打印的位置从 0.11 到 0.18）首尾相距 0.07，约一个核宽度 $1/w$（0.06），而第五个点离第四个点有 0.26，所以这四个点几乎只把权重分给彼此。
#
# 再与两样东西对照：一是本章的模型，配上留一法得到的键；二是 PyTorch 的 SDPA，给它的 `attn_mask` 传入掩码。关于掩码有三点要知道：
#
# - **布尔掩码的方向**：SDPA 的布尔 `attn_mask` 里 `True` 表示“可以关注”，所以这里的掩码是 `~eye`（`~` 对布尔张量逐元素取反，对角线上是 `False`，其余是 `True`）；`nn.MultiheadAttention` 的布尔 `attn_mask` 正好相反，`True` 表示“不许关注”。
# - **布尔掩码放不下键偏置**，只好把偏置并进向量里：令 ${q' = (qw, 1)}$、${k' = (kw, -\frac{1}{2}(kw)^2)}$，点积 $q'^\top k'$ 正好是点积页里的分数 ${qkw^2 - \frac{1}{2}(kw)^2}$。代码里 `torch.stack([...], dim=-1)` 把两个形状为 `(n_train,)` 的张量沿一个新的最后一维并排，得到 `(n_train, 2)`：每行一个向量。`scale=1.0` 关掉 SDPA 默认的除以 $\sqrt{d}$：这里的向量有两个特征，默认会除以 $\sqrt{2}$，分数就不对了。
# - **浮点掩码放得下键偏置**：SDPA 把浮点 `attn_mask` 直接加到分数上。让它的第 $j$ 列都是 $-\frac{1}{2}(k_jw)^2$、对角线是 $-\infty$，只有一个特征的 $q = xw$、$k = xw$ 就带上了键偏置；代码最后也核对了这种写法。特征只有一个时 SDPA 默认的缩放就是 1，所以不传 `scale`。`key_bias.expand(n_train, -1)` 把形状为 `(n_train,)` 的键偏置当作一行，不复制数据就重复成 `n_train` 行（`-1` 表示这一维保持原来的大小），见手册《[expand 与广播：不复制也能重复](handbook/expand.py)》。

# %%
# (n_train, n_train - 1) each
keys, values = at.leave_one_out(
    x_train,
    y_train,
)
with torch.no_grad():
    # (n_train,)
    y_model = nw(x_train, keys, values)
xw = x_train * w  # q w and k w
# (n_train,): the key bias -(kw)^2 / 2
key_bias = -(xw**2) / 2
# (n_train, 2) each: (q w, 1) and
# (k w, key bias)
q_aug = torch.stack(
    [xw, torch.ones(n_train)],
    dim=-1,
)
k_aug = torch.stack(
    [xw, key_bias],
    dim=-1,
)
# (n_train, 1)
y_sdpa = sdpa(
    q_aug,
    k_aug,
    y_train[:, None],
    attn_mask=~eye,
    scale=1.0,
)
# a float attn_mask is added to the
# scores: the key bias, -inf on the
# diagonal
bias_rows = key_bias.expand(n_train, -1)
float_mask = bias_rows.masked_fill(
    eye,
    float("-inf"),
)
# (n_train, 1): q w and k w, one feature
q_k = xw[:, None]
# (n_train, 1); one feature: the default
# scale 1/sqrt(1) = 1
y_float = sdpa(
    q_k,
    q_k,
    y_train[:, None],
    attn_mask=float_mask,
)
# (n_train, 1) -> (n_train,)
y_sdpa = y_sdpa.reshape(-1)
y_float = y_float.reshape(-1)
gap_model = max_gap(y_masked, y_model)
gap_bool = max_gap(y_masked, y_sdpa)
gap_float = max_gap(y_masked, y_float)
print("max |difference| from y_masked:")
print(
    "  chapter's leave-one-out model ",
    f"{gap_model:.1e}",
)
print(
    "  SDPA, boolean attn_mask = ~eye",
    f"{gap_bool:.1e}",
)
print(
    "  SDPA, float attn_mask         ",
    f"{gap_float:.1e}",
)
assert gap_model < 1e-5
assert gap_bool < 1e-3
assert gap_float < 1e-3

# %% [markdown]
# 带掩码的 softmax 与本章模型只差 float32 的舍入。SDPA 差得多一些，为什么？原因不在掩码。下面的代码打印 SDPA 分数 ${(qw)(kw) - \frac{1}{2}(kw)^2}$ 里两项的大小，以及这些分数用 float32 算出时与 float64 相差多少：

# %%
# why SDPA is further off: the sizes in
# its scores
size = -key_bias
median = size.quantile(0.5).item()
largest = size.max().item()
print("key bias -(kw)^2 / 2, its size:")
print(
    f"  median {median:.1f},",
    f"largest {largest:.1f}",
)
# (qw)(kw) off the diagonal: the two
# largest x, last when sorted
x_top, x_next = x_train[-1], x_train[-2]
top_qk = (x_top * x_next * w**2).item()
top_diag = (x_top * w).item() ** 2
print("(qw)(kw), at most:")
print(
    "  off the diagonal",
    f"{top_qk:.1f}",
)
print(
    "  on the diagonal ",
    f"{top_diag:.1f}",
)
# the scores q'k' in float32 against the
# same scores in float64
x64, w64 = x_train.double(), w.double()
# (n_train, n_train)
qk64 = x64[:, None] * x64 * w64**2
exact = qk64 - (x64 * w64) ** 2 / 2
scores32 = q_aug @ k_aug.T
err = (scores32 - exact).abs()
score_err = err.masked_fill(eye, 0)
print(
    "a score's float32 error: at most",
    f"{score_err.max().item():.1e}",
)

# %% fold="核对本节正文的代码"
# about half the weight on the own key
# without the mask; none with it
assert 0.4 < own_unmasked < 0.6
assert weights.diagonal().max() == 0
# keys in use: test queries, without and
# with the mask; rows; largest weight
quoted = (
    f"{used_test:.1f}",
    f"{used_own.mean():.1f}",
    f"{used_masked.mean():.1f}",
    str(rises),
    f"{top_masked:.2f}",
)
expected = "2.4 2.8 2.2 8 0.62"
assert " ".join(quoted) == expected
# the four leftmost: one kernel width
# wide, far from the fifth, kept apart
span = left4[-1] - left4[0]
assert f"{span:.2f}" == "0.07"
assert gap * w > 3
leak = weights_own[:4, 4:].sum(dim=1)
assert leak.max() < 1e-3
# the key bias: hundreds to thousands;
# (qw)(kw) up to twice its size
assert 100 < median < 1000
assert 1000 < largest < 10_000
assert top_qk > 1.9 * largest
assert f"{median:.1f}" == "553.4"
twice = f"{2 * largest:.1f}"
assert twice == f"{top_diag:.1f}"
# a few thousand in float32
assert 1e-5 < score_err.max() < 1e-3

# %% [markdown]
# 两项都可达几千：键偏置 $-\frac{1}{2}(kw)^2$ 的大小中位数 553.4、最大 2978.6；点积项 $(qw)(kw)$ 在对角线以外最大 5827.6。对角线上查询就是键本身，点积项是这个键的偏置大小的两倍，最大的键达 5957.3，但已被掩码遮住。用 float32 算出的几千大小的分数，在进 softmax 之前就带上了至多 5.8e-04 的舍入误差（上面打印的，与 float64 算出的同一分数相比）；softmax 不管同一行分数共有的部分，但这些误差因键而异，会改变分数之间的差，于是进了权重（详见《[注意力的开销随 n 的增长](scale.py#为什么点积形式在-float32-下会损失精度)》一页的“为什么点积形式在 float32 下会损失精度”）。包里对应的函数是 <autoref identifier="attention_tutorial.transformer.masked_leave_one_out">masked_leave_one_out</autoref>：
#
# <!-- source: attention_tutorial.transformer.masked_leave_one_out -->
#
# ### Transformer 的掩码：填充与因果
#
# 留一法遮住的是对角线。标准的 Transformer 既不用掩码来留一，也不用它带上键偏置（键偏置干脆去掉，原因见点积页）；它的掩码只遮位置，比如后面的词（[因果掩码](glossary.md#causal-mask)），或者**填充**（padding，遮住它们的叫[填充掩码](glossary.md#padding-mask)）：一批序列长短不一，短的在末尾补上填充位凑齐长度，这些位置的键不该分到权重，就把它们那几列的分数填成 $-\infty$。《动手学深度学习》[中文第二版 10.3 节](https://zh.d2l.ai/chapter_attention-mechanisms/attention-scoring-functions.html)（以及英文 0.17 版 10.3 节、现在 d2l.ai 的[第 11.3 节](https://d2l.ai/chapter_attention-mechanisms-and-transformers/attention-scoring-functions.html)）的 `masked_softmax` 按每条序列的有效长度 `valid_lens` 做的正是这件事（它填的是 $-10^6$，softmax 之后同样是 0）。写成布尔掩码，它的形状是 `(batch, 1, n_k)`：每条序列一行键标记，广播到它的所有查询（广播怎样让一行掩码遮住每一行的同样几列，见手册《[masked_fill 与 -inf](handbook/masked-fill.py#tensormasked_fill)》）。下面拿“[亲手写出缩放点积注意力](#亲手写出缩放点积注意力)”一节的 `Q`、`K`、`V`（2 条序列，各 5 个查询、7 个键），让两条序列分别只有前 3 个和前 6 个键有效（其余是填充），先把包里的 `dot_product_attention`（代码里的 `at_sdpa`）与 SDPA 核对，再打印第一条序列的权重：

# %%
# (batch,): real keys per sequence
valid_lens = torch.tensor([3, 6])
# (batch, 1)
lens = valid_lens[:, None]
# (batch, n_k), True = may attend
key_mask = torch.arange(n_k) < lens
# (batch, 1, n_k): the same row for
# every query
pad_mask = key_mask[:, None, :]
pad_out, pad_w = at_sdpa(
    Q,
    K,
    V,
    mask=pad_mask,
)
pad_sdpa = sdpa(
    Q,
    K,
    V,
    attn_mask=pad_mask,
)
gap_pad = max_gap(pad_out, pad_sdpa)
print(
    "max |ours - SDPA|",
    f"{gap_pad:.1e}",
)
print("weights, first sequence:")
for row in pad_w[0].tolist():
    print(*(f"{v:.2f}" for v in row))
assert gap_pad < 1e-6
# no weight on the padded keys
assert (pad_w[0, :, 3:] == 0).all()
assert (pad_w[1, :, 6] == 0).all()

# %% [markdown]
# 后 4 列（填充的键）在每一行都是 0，每一行的权重全部分给前 3 个键（打印的每行之和因四舍五入可能是 0.99 或 1.01）。
#
# 因果掩码也只要一个表达式：每个查询只能关注自己和它前面的位置，所以交给 SDPA 的布尔掩码是一个下三角（`tril()` 保留对角线及其下方，`True` 表示可以关注）；SDPA 的 `is_causal=True` 自己造的正是这个掩码。下面拿同一个 `Q` 同时当查询、键和值（自注意力），核对这两种写法，再用包里的 `dot_product_attention`（代码里的 `at_sdpa`，它还返回权重）看掩码对权重做了什么：

# %%
# (n_q, n_q)
causal = torch.ones(
    n_q,
    n_q,
    dtype=torch.bool,
).tril()
print(causal.long())  # 1 = may attend
by_mask = sdpa(
    Q,
    Q,
    Q,
    attn_mask=causal,
)
by_flag = sdpa(Q, Q, Q, is_causal=True)
gap_causal = max_gap(by_mask, by_flag)
print(
    "max |attn_mask - is_causal|",
    f"{gap_causal:.1e}",
)
assert torch.equal(by_mask, by_flag)
# the package's version also returns the
# weights: (batch, n_q, n_q)
by_at, causal_w = at_sdpa(
    Q,
    Q,
    Q,
    mask=causal,
)
print("weights, second sequence:")
for row in causal_w[1].tolist():
    print(*(f"{v:.2f}" for v in row))
assert max_gap(by_at, by_mask) < 1e-6
# none above the diagonal; the first
# query attends only to itself
assert (causal_w.triu(1) == 0).all()
assert (causal_w[:, 0, 0] == 1).all()
# where a query may attend: (batch, 15)
allowed = causal_w[:, causal]
# no 0.00 printed where it may attend
assert allowed[1].min() >= 0.005
# the first has a 0.00 where it may
# attend; the last two weigh themselves
# most
assert allowed[0].min() < 0.005
# values and indices, (2,) each
top2 = causal_w[1, 3:].max(dim=-1)
assert top2.indices.tolist() == [3, 4]
tops = [f"{v:.2f}" for v in top2.values]
assert tops == ["0.61", "0.63"]
# but not always: the second query
# weighs the first position more
row2 = causal_w[1, 1, :2]
second = [f"{v:.2f}" for v in row2]
assert second == ["0.54", "0.46"]

# %% [markdown]
# 打印的是第二条序列：第一条里有个允许的权重四舍五入成 0.00，看上去像被遮住。对角线以上的权重都是 0：每个查询只把权重分给自己和前面的位置。第一个查询前面没有位置，权重 1.00 全给了自己。查询同时也是键时，常给自己很大的权重：最后两行对角线上的 0.61、0.63 都是本行最大的。但不总是这样：第二行给自己 0.46，给第一个位置 0.54。点积没有键偏置，更长的键可以比查询自己得分更高；上面热图里的高斯核则不会，自己与自己的距离是 0，自己的键总排第一。
#
# 下一页《[在二维玩具问题上学习投影](projections.py)》就来训练这样的投影；$n$ 变大时这一切要付出多少时间和内存，由《[注意力的开销随 n 的增长](scale.py)》一页来量。
#
# ## 本页用到的 API
#
# - 本包：<autoref identifier="attention_tutorial.data.make_data">make_data</autoref>、
#   <autoref identifier="attention_tutorial.data.f">f</autoref>、
#   <autoref identifier="attention_tutorial.toy2d.make_data_2d">make_data_2d</autoref>、
#   <autoref identifier="attention_tutorial.transformer.gaussian_kernel_nd">gaussian_kernel_nd</autoref>、
#   <autoref identifier="attention_tutorial.transformer.dot_product_attention">dot_product_attention</autoref>、
#   <autoref identifier="attention_tutorial.transformer.ProjectedAttention">ProjectedAttention</autoref>、
#   <autoref identifier="attention_tutorial.transformer.masked_leave_one_out">masked_leave_one_out</autoref>、
#   <autoref identifier="attention_tutorial.model.NWKernelRegression">NWKernelRegression</autoref>、
#   <autoref identifier="attention_tutorial.training.train">train</autoref>、
#   <autoref identifier="attention_tutorial.pooling.nadaraya_watson">nadaraya_watson</autoref>、
#   <autoref identifier="attention_tutorial.pooling.leave_one_out">leave_one_out</autoref>、
#   <autoref identifier="attention_tutorial.figures.attention.plot_attention_heatmaps">plot_attention_heatmaps</autoref>
# - PyTorch（手册里有条目的都链接到条目）：
#   `torch.nn.functional.scaled_dot_product_attention`（`attn_mask`、`scale`、`is_causal`）、
#   [torch.nn.functional.softmax](handbook/softmax.py#torchnnfunctionalsoftmax)、
#   `torch.nn.MultiheadAttention`、[torch.nn.Linear](handbook/linear.py#torchnnlinear)、
#   [Tensor.masked_fill](handbook/masked-fill.py#tensormasked_fill)、`Tensor.transpose`、`Tensor.T`、`Tensor.tril`、
#   [Tensor.expand](handbook/expand.py#tensorexpand)、`Tensor.copy_`、
#   [torch.einsum](handbook/einsum.py#torcheinsum)、[torch.matmul](handbook/matmul.py#torchmatmul)、
#   用 `None` 索引（与 [Tensor.unsqueeze](handbook/squeeze.py#tensorunsqueeze) 相同）、
#   [Tensor.detach](handbook/clone.py#tensorclone-与-tensordetach)、[torch.eye](handbook/mask.py#torcheye)、
#   [torch.where](handbook/where.py#torchwhere)、`torch.stack`、`torch.cat`、`torch.randn`、`torch.arange`、
#   `torch.no_grad`、`torch.cdist`、`torch.manual_seed`、`torch.tensor`、`torch.ones`、
#   `torch.exp`、`torch.allclose`、`torch.equal`、[Tensor.reshape](handbook/reshape.py#tensorreshape)、
#   `Tensor.norm`、`Tensor.argmin`、`Tensor.max`、`Tensor.sum`、`Tensor.mean`、`Tensor.abs`、
#   `Tensor.quantile`、`Tensor.diagonal`、`Tensor.unique`、`Tensor.double`、`Tensor.long`、
#   `Tensor.triu`、`Tensor.item`、`Tensor.tolist`
