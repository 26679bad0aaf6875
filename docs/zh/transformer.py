# %% [markdown]
# # 从核回归到 Transformer 注意力
#
# 本章到最后只有一个可学习的数 $w$，输入也只有一维。Transformer 的注意力则不同：查询和键都是向量，$w$ 的位置上是三个矩阵 $W_q$、$W_k$、$W_v$，张量前面多了一个批量维，还常常带着掩码（mask）。本页把剩下的几步走完：向量上的高斯核；标量 $w$ 为什么会变成矩阵；亲手写出缩放点积注意力（scaled dot-product attention），并与 PyTorch 自带的 `F.scaled_dot_product_attention` 和 `nn.MultiheadAttention` 逐一对照；用一次 `masked_fill` 实现留一法；最后在一个二维的玩具问题上训练一个带投影（projection）的小模型，和本章的模型比一比。
#
# 本页接着[从高斯核到点积注意力](dot-product.py)往下讲。页面上所有的数字和图都是构建网站时运行代码得到的。

# %%
import torch
from torch import nn
from torch.nn import functional as F

import attention_tutorial as at

_ = torch.manual_seed(at.SEED)  # the one seed of the whole chapter

# %% [markdown]
# ## 查询和键不止一个特征
#
# 本章的输入是一个数 $x$。现实中的输入大多有好几个特征，于是设 $x \in \mathbb{R}^d$。包里的二维玩具问题（<autoref identifier="attention_tutorial.toy2d.make_data_2d">make_data_2d</autoref>）从 $[0, 5)^2$ 上均匀抽取 100 个训练输入 $x = (x_1, x_2)$，令 $y = f(x_1) + \epsilon$，其中 $f(x) = 2\sin x + x^{0.8}$ 和噪声都与本章相同。输出只取决于 $x_1$：**$x_2$ 是个干扰项**。测试输入是 $20 \times 20$ 的网格，所以 $n_\text{test} = 400 \ne n_\text{train} = 100$。

# %%
data2 = at.make_data_2d()  # y depends on x_1 only; x_2 is a distraction
print("x_train:", tuple(data2.x_train.shape), " y_train:", tuple(data2.y_train.shape))
print("x_test: ", tuple(data2.x_test.shape), " y_truth:", tuple(data2.y_truth.shape))

# %% [markdown]
# [非参数注意力汇聚](nonparametric.py)一页的高斯核，推广到 $d$ 维就是
#
# $$K_h(q - k) = \frac{1}{(2\pi)^{d/2} h^d} \exp\left(-\frac{\lVert q - k\rVert^2}{2h^2}\right),$$
#
# 原来的平方 $(q - k)^2$ 换成了差向量长度的平方 $\lVert q - k\rVert^2$。<autoref identifier="attention_tutorial.transformer.gaussian_kernel_nd">gaussian_kernel_nd</autoref> 用广播 `(n_test, 1, d) - (1, n_train, d)` 来算；`torch.cdist` 换一条路算出距离，两者一致：

# %%
kernel = at.gaussian_kernel_nd(data2.x_test, data2.x_train)  # (n_test, n_train)
distances = torch.cdist(data2.x_test, data2.x_train)  # (n_test, n_train): |q - k|
# d = 2: (2 pi)^(d/2) = 2 pi
reference = torch.exp(-(distances**2) / 2) / (2 * torch.pi)
gap_kernel = (kernel - reference).abs().max().item()
print(
    "kernel:", tuple(kernel.shape), f" max |kernel - cdist version| = {gap_kernel:.1e}"
)
assert gap_kernel < 1e-6

# %% [markdown]
# ## 一个 *w* 为什么会变成矩阵
#
# 本章的模型给键打的分是 $-\frac{1}{2}\lVert (q - k)\,w\rVert^2$。一个数 $w$ 只能把**所有方向按同一个比例**拉伸或压缩，核函数是一个圆圆的鼓包。放在这里就浪费了：一个点如果 $x_1$ 很近、$x_2$ 很远，本来是个好邻居，圆鼓包却照样按 $x_2$ 上的距离惩罚它。要拉长 $x_1$、忽略 $x_2$，每个方向都得有自己的比例，而且方向之间还可以混合：标量于是变成矩阵 $W$，分数变成 $-\frac{1}{2}\lVert W(q - k)\rVert^2$。
#
# Transformer 再往前走一步，给查询和键**各自**一个矩阵：$q' = W_q q$，$k' = W_k k$；值也有第三个矩阵 $v' = W_v v$。在 PyTorch 里，它们各是一个不带偏置的 `nn.Linear` 层（见手册条目 [nn.Linear](handbook/linear.py)）。[点积页](dot-product.py)展开平方的做法对向量照样成立：
#
# $$-\tfrac{1}{2}\lVert q' - k'\rVert^2 = q'^\top k' - \tfrac{1}{2}\lVert k'\rVert^2 - \tfrac{1}{2}\lVert q'\rVert^2 ,$$
#
# 最后一项在 softmax 里消掉。所以“先做可学习的投影、再用高斯核”就是**点积分数加上每个键一个偏置**；取 $W_q = W_k = wI$，它恰好就是本章的模型。<autoref identifier="attention_tutorial.transformer.ProjectedAttention">ProjectedAttention</autoref> 就是这个模型；设 `key_bias=False` 时它像 Transformer 一样去掉偏置，改为除以 $\sqrt{d_k}$。
#
# ## 亲手写出缩放点积注意力
#
# $$\operatorname{Attention}(Q, K, V) = \operatorname{softmax}\left(\frac{Q K^\top}{\sqrt{d}}\right) V$$
#
# 其中 $Q$ 的形状是 $(n_q, d)$，$K$ 是 $(n_k, d)$，$V$ 是 $(n_k, d_v)$。模型一次处理许多条序列，所以每个张量前面都多一个**批量**维。`@`（`torch.matmul`）对最后两维做矩阵乘法，并对前面的维做广播（[torch.matmul](handbook/matmul.py) 的第 5 种情形）；`K.transpose(-2, -1)` 交换 `K` 的最后两维。公式的每一步对应一行代码：

# %%
batch, n_q, n_k, d, d_v = 2, 5, 7, 4, 3
Q = torch.randn(batch, n_q, d)  # (batch, n_q, d)
K = torch.randn(batch, n_k, d)  # (batch, n_k, d)
V = torch.randn(batch, n_k, d_v)  # (batch, n_k, d_v)
# (batch, n_q, d) @ (batch, d, n_k) -> (batch, n_q, n_k)
scores = Q @ K.transpose(-2, -1) / d**0.5
attention_weights = F.softmax(scores, dim=-1)  # (batch, n_q, n_k), each row sums to 1
# (batch, n_q, n_k) @ (batch, n_k, d_v) -> (batch, n_q, d_v)
output = attention_weights @ V
print("scores:", tuple(scores.shape), " output:", tuple(output.shape))

# %% [markdown]
# 第一行的 `Q @ K.transpose(-2, -1)` 也可以用 `torch.einsum("bqd,bkd->bqk", Q, K)` 来写：下标字符串直接说出“对每个批量 `b`、每个查询 `q`、每个键 `k`，把特征 `d` 乘起来再求和”，不用转置（手册条目 [torch.einsum](handbook/einsum.py)）。下面核对这两种写法，再用 PyTorch 的融合函数和包里的 <autoref identifier="attention_tutorial.transformer.dot_product_attention">dot_product_attention</autoref>（同样几行，外加参数检查和掩码）各算一遍。

# %%
scores_einsum = torch.einsum("bqd,bkd->bqk", Q, K) / d**0.5  # (batch, n_q, n_k)
gap_einsum = (scores - scores_einsum).abs().max().item()
print(f"max |Q @ K.transpose(-2, -1) - einsum('bqd,bkd->bqk')| = {gap_einsum:.1e}")
assert gap_einsum < 1e-6
output_sdpa = F.scaled_dot_product_attention(Q, K, V)  # (batch, n_q, d_v)
output_at, _ = at.dot_product_attention(Q, K, V)  # (batch, n_q, d_v)
gap_sdpa = (output - output_sdpa).abs().max().item()
gap_at = (output - output_at).abs().max().item()
print(f"max |ours - F.scaled_dot_product_attention| = {gap_sdpa:.1e}")
print(f"max |ours - at.dot_product_attention|       = {gap_at:.1e}")
assert gap_sdpa < 1e-6 and gap_at == 0

# %% [markdown]
# ### 把同样的权重交给 nn.MultiheadAttention
#
# `nn.MultiheadAttention` 就是 Transformer 里的那一层：它用自己的 $W_q$、$W_k$、$W_v$（叠放在一个形状为 $(3d, d)$ 的参数 `in_proj_weight` 里）投影查询、键和值，在每个头（head）里做缩放点积注意力，再用 `out_proj` 把结果投影一次。只用一个头、不要偏置、拷进我们的三个矩阵、再把 `out_proj` 设成单位矩阵，它的结果就必须和我们的 `ProjectedAttention(key_bias=False)` 完全相同：

# %%
model = at.ProjectedAttention(d_in=d, d_k=d, d_value_in=d, d_v=d, key_bias=False)
print("W_q:", model.W_q)
mha = nn.MultiheadAttention(d, num_heads=1, bias=False, batch_first=True)
# give MultiheadAttention the same three matrices, and no output projection
with torch.no_grad():
    mha.in_proj_weight.copy_(
        torch.cat([model.W_q.weight, model.W_k.weight, model.W_v.weight])
    )
    mha.out_proj.weight.copy_(torch.eye(d))
# MultiheadAttention wants d_v = d here
V4 = torch.randn(batch, n_k, d)  # (batch, n_k, d)
with torch.no_grad():
    ours, ours_weights = model(Q, K, V4)  # (batch, n_q, d), (batch, n_q, n_k)
    theirs, theirs_weights = mha(Q, K, V4)  # the same shapes
gap_mha = (ours - theirs).abs().max().item()
gap_mha_weights = (ours_weights - theirs_weights).abs().max().item()
print(f"max |ours - MultiheadAttention|      = {gap_mha:.1e}")
print(f"max |weights - MultiheadAttention's| = {gap_mha_weights:.1e}")
assert gap_mha < 1e-5 and gap_mha_weights < 1e-6

# %% [markdown]
# ## 把留一法写成带掩码的 softmax
#
# 在[带参数的注意力汇聚](parametric.py)一页，每个训练样本要拿到**其余**所有样本的键，用了三步：把 `x_train` 铺成方阵，用掩码 `(1 - torch.eye(n)).type(torch.bool)` 留下对角线以外的元素，再 reshape 成 `(n, n - 1)`。Transformer 的做法是保留整个方阵，把对角线上的分数改成 $-\infty$：$e^{-\infty} = 0$，于是 softmax 之后，每个点给自己那个键的权重恰好为 0，其余权重的和仍然是 1。这只要一行：`scores.masked_fill(eye, float("-inf"))`（手册：[masked_fill 与 -inf](handbook/masked-fill.py)）。下面取带参数那一页学到的 $w$（同一个种子，同样的训练）：
#
# <!-- source: attention_tutorial.training.train -->

# %%
data = at.make_data()
x_train, y_train = data.x_train, data.y_train
_ = torch.manual_seed(at.SEED)  # the seed of the page parametric -> the same learned w
nw = at.NWKernelRegression()
at.train(nw, x_train, y_train)
w = nw.w.detach()  # (1,), cut off from the autograd graph
print(f"learned w = {w.item():.4f}")

# %%
n_train = len(x_train)
scores = -(((x_train[:, None] - x_train[None, :]) * w) ** 2) / 2  # (n_train, n_train)
eye = torch.eye(n_train, dtype=torch.bool)  # (n_train, n_train), True on the diagonal
weights = F.softmax(scores.masked_fill(eye, float("-inf")), dim=1)  # (n_train, n_train)
y_masked = weights @ y_train  # (n_train, n_train) @ (n_train,) -> (n_train,)
print("weights on the diagonal:", weights.diagonal().unique().tolist())

# %% [markdown]
# 再与两样东西对照：一是本章模型配上本章的留一键；二是 SDPA 的布尔 `attn_mask`（`True` 表示“可以关注”，所以掩码是 `~eye`；`nn.MultiheadAttention` 的布尔 `attn_mask` 正好相反，`True` 表示“不许关注”，见手册 [masked_fill 与 -inf](handbook/masked-fill.py)）。布尔掩码里放不下高斯核的键偏置，于是把偏置并进向量里：令 $q' = (qw, 1)$、$k' = (kw, -\frac{1}{2}(kw)^2)$，点积 $q'^\top k'$ 正好是点积页里的分数 $qkw^2 - \frac{1}{2}(kw)^2$。
#
# <!-- source: attention_tutorial.transformer.masked_leave_one_out -->

# %%
keys, values = at.leave_one_out(x_train, y_train)  # (n_train, n_train - 1) each
with torch.no_grad():
    y_chapter = nw(x_train, keys, values)  # (n_train,)
# (n_train, 2): (q w, 1)
q_aug = torch.stack([x_train * w, torch.ones(n_train)], dim=-1)
k_aug = torch.stack([x_train * w, -((x_train * w) ** 2) / 2], dim=-1)  # (n_train, 2)
y_sdpa = F.scaled_dot_product_attention(
    q_aug, k_aug, y_train[:, None], attn_mask=~eye, scale=1.0
)  # (n_train, 1)
gap_chapter = (y_masked - y_chapter).abs().max().item()
# (n_train, 1) -> (n_train,)
gap_bool = (y_masked - y_sdpa.reshape(-1)).abs().max().item()
print(f"max |masked - chapter's leave-one-out model|    = {gap_chapter:.1e}")
print(f"max |masked - SDPA, boolean attn_mask = ~eye|   = {gap_bool:.1e}")
assert gap_chapter < 1e-5 and gap_bool < 1e-3

# %% [markdown]
# 带掩码的 softmax 与本章模型只差 float32 的舍入。SDPA 差得多一些，但原因不在掩码：$w \approx 16$ 时，$(qw)(kw)$ 和 $\frac{1}{2}(kw)^2$ 都有几千那么大，两者相减会丢掉 float32 的有效数字，这就是[点积页](dot-product.py)讲过的抵消（cancellation）。包里对应的函数是 <autoref identifier="attention_tutorial.transformer.masked_leave_one_out">masked_leave_one_out</autoref>。
#
# ## 一个带可学习投影的小模型
#
# 现在回到二维玩具问题，用带掩码的留一损失来训练（<autoref identifier="attention_tutorial.toy2d.train_leave_one_out">train_leave_one_out</autoref>：全批量 Adam，300 步，学习率 0.1，均方误差）。同一份数据上训练两个模型：
#
# - 本章的模型，两个方向共用一个 $w$（<autoref identifier="attention_tutorial.transformer.ScalarKernelAttention">ScalarKernelAttention</autoref>）；
# - `ProjectedAttention(d_in=2, d_k=2)`：$2 \times 2$ 的 $W_q$、$W_k$ 和 $1 \times 1$ 的 $W_v$，高斯核形式（带键偏置）。
#
# 测试误差是在 400 个网格点上，预测与真实 $f(x_1)$ 之间的均方误差（<autoref identifier="attention_tutorial.toy2d.mse_on_test">mse_on_test</autoref>）。
#
# Adam（`torch.optim.Adam`）是梯度下降的一种变体：它为每个参数分别记住梯度的滑动平均和梯度平方的滑动平均，用后者把步长归一化，所以各个参数的步长大致相同，不管它们的梯度是大是小。投影矩阵的几个元素梯度大小相差悬殊，用普通 SGD 要么前者走不动、要么后者发散；Adam 的用法和 SGD 一样，`zero_grad`、`backward`、`step` 三步（手册：[训练：Parameter、MSELoss、SGD](handbook/training.py)）。
#
# <!-- source: attention_tutorial.toy2d.train_leave_one_out -->

# %%
x2_train, y2_train = data2.x_train, data2.y_train  # (100, 2), (100,)
# the chapter's model: one w for both directions
scalar = at.ScalarKernelAttention(w=1.0)
losses_scalar = at.train_leave_one_out(scalar, x2_train, y2_train, steps=300, lr=0.1)
# nn.Linear draws its initial weights from the global generator
_ = torch.manual_seed(at.SEED)
projected = at.ProjectedAttention(d_in=2, d_k=2)  # W_q, W_k: (2, 2); W_v: (1, 1)
losses_projected = at.train_leave_one_out(
    projected, x2_train, y2_train, steps=300, lr=0.1
)
mse_scalar = at.mse_on_test(scalar, data2)
mse_projected = at.mse_on_test(projected, data2)
print(
    f"one w:       w = {scalar.w.item():.3f}, loss {losses_scalar[-1]:.3f}, "
    f"test MSE {mse_scalar:.3f}"
)
print(f"projections: loss {losses_projected[-1]:.3f}, test MSE {mse_projected:.3f}")
print(
    f"one w, change of the loss in the last step: {losses_scalar[-2] - losses_scalar[-1]:.1e}"
)
assert mse_projected < mse_scalar
assert abs(losses_scalar[-2] - losses_scalar[-1]) < 1e-6  # one w has stopped moving

# %% [markdown]
# ### 一个种子说明不了多少
#
# 一个 $w$ 的初值固定为 1，训练里没有随机数，上面最后一步的损失已经不再变化：它的结果与种子无关。投影模型的初值却来自随机数生成器，换一个种子，Adam 就从另一处出发。下面用种子 0 到 9 各训练一个投影模型，并记下 300 步和 1,000 步时的测试误差。
#
# 逐个调用 `train_leave_one_out` 要 13,000 步，太慢；好在十个模型的参数可以叠成一个批量维：$W_q$、$W_k$ 叠成 $(10, 2, 2)$，$W_v$ 叠成 $(10, 1, 1)$，一次前向就算出十个模型的留一损失。每个模型的损失只依赖它自己的参数，而 Adam 对每个元素分别更新，所以对十个损失之**和**做一步 Adam，等于十个模型各走一步。初值取自 `ProjectedAttention`，注意力就是本页前面写过的几行（点积减去键长度平方的一半，对角线填 $-\infty$，再做 softmax），只是前面多了一个批量维；测试误差用 `mse_on_test` 计算。种子 0 的结果必须与上面用 `train_leave_one_out` 单独训练的模型一致。

# %%
seeds = range(10)
models = []
for seed in seeds:
    _ = torch.manual_seed(seed)  # each model's initial W_q, W_k, W_v
    models.append(at.ProjectedAttention(d_in=2, d_k=2))
W_q10 = torch.stack(
    [m.W_q.weight.detach() for m in models]
).requires_grad_()  # (10, 2, 2)
W_k10 = torch.stack(
    [m.W_k.weight.detach() for m in models]
).requires_grad_()  # (10, 2, 2)
W_v10 = torch.stack(
    [m.W_v.weight.detach() for m in models]
).requires_grad_()  # (10, 1, 1)
own = torch.eye(len(x2_train), dtype=torch.bool)  # (100, 100): True on the diagonal
optimizer = torch.optim.Adam([W_q10, W_k10, W_v10], lr=0.1)
mse_seeds, loss_seeds = {}, {}
for step in range(1, 1001):
    optimizer.zero_grad()
    q = x2_train @ W_q10.transpose(-2, -1)  # (100, 2) @ (10, 2, 2) -> (10, 100, 2)
    k = x2_train @ W_k10.transpose(-2, -1)  # (10, 100, 2)
    v = y2_train[:, None] @ W_v10.transpose(-2, -1)  # (10, 100, 1)
    # the Gaussian form q . k - |k|^2 / 2: (10, 100, 100)
    scores = q @ k.transpose(-2, -1) - (k**2).sum(dim=-1)[:, None, :] / 2
    # each point's own key masked out: (10, 100, 100)
    weights = F.softmax(scores.masked_fill(own, float("-inf")), dim=-1)
    y_hat = (weights @ v).squeeze(-1)  # (10, 100, 1) -> (10, 100)
    losses = ((y_hat - y2_train) ** 2).mean(dim=1)  # (10,): one loss per model
    losses.sum().backward()
    optimizer.step()
    if step in (300, 1000):
        loss_seeds[step] = losses.detach()  # (10,)
        with torch.no_grad():
            for model, W_q_s, W_k_s, W_v_s in zip(
                models, W_q10, W_k10, W_v10, strict=True
            ):
                model.W_q.weight.copy_(W_q_s)
                model.W_k.weight.copy_(W_k_s)
                model.W_v.weight.copy_(W_v_s)
        mse_seeds[step] = torch.tensor([at.mse_on_test(m, data2) for m in models])
for step, mse in mse_seeds.items():
    print(
        f"projections, {step:>5,} steps: test MSE median {mse.quantile(0.5):.3f}, "
        f"range {mse.min():.3f}-{mse.max():.3f}; "
        f"leave-one-out loss median {loss_seeds[step].quantile(0.5):.3f}"
    )
    print("  seed by seed:", mse.numpy().round(3))
better = int((mse_seeds[300] < mse_scalar).sum())
print(f"one w, 300 steps: test MSE {mse_scalar:.3f} (no random start)")
print(f"seeds whose projections beat one w at 300 steps: {better} of 10")
assert abs(mse_seeds[300][at.SEED] - mse_projected) < 1e-4  # seed 0 = the model above
assert mse_seeds[300].quantile(0.5) < mse_scalar and better == 9
assert mse_seeds[300].max() > 3 * mse_scalar  # one seed is stuck
assert loss_seeds[1000].quantile(0.5) < loss_seeds[300].quantile(0.5)
assert mse_seeds[1000].quantile(0.5) > mse_seeds[300].quantile(0.5)

# %% [markdown]
# 300 步时，投影模型测试误差的中位数远低于一个 $w$，十个种子里有九个都比它好；但有一个种子卡住了，误差比一个 $w$ 还大好几倍：它的 Adam 落进了一个糟糕的局部区域，300 步内出不来。多了自由度，就多了走错路的可能。
#
# 步数也要交代清楚。再训练 700 步，留一损失还在下降，测试误差的中位数却**升高**了：模型在用多出来的步数拟合训练集的噪声。300 步是一个预算，不是训练到收敛；换一个预算，两种模型的差距也会跟着变。所以上面“投影模型赢了”的准确说法是：在 300 步的预算下，十个种子的中位数赢了。
#
# 下面回到种子 0 的那个模型（与 `projected` 相同）。它学到了什么？分数里把查询和键联系起来的部分是 $q^\top W_q^\top W_k\, k$，所以要看的是矩阵 $M = W_q^\top W_k$（单看 $W_q$、$W_k$ 并不唯一：两者同时旋转，$M$ 不变）。第 0 行、第 0 列对应 $x_1$，第 1 行、第 1 列对应 $x_2$：

# %%
W_q = projected.W_q.weight.detach()  # (d_k, d_in) = (2, 2)
W_k = projected.W_k.weight.detach()  # (2, 2)
M = W_q.T @ W_k  # (2, 2): the score's query-key term is x^T M x_i
A = W_k.T @ W_k  # (2, 2): the key bias is -x_i^T A x_i / 2
centre = torch.linalg.solve(A, M.T)  # (2, 2): query x's kernel is centred on centre @ x
print("W_v =", round(projected.W_v.weight.item(), 3))
print("M =", M.numpy().round(2))
print("A =", A.numpy().round(2))
print("A^-1 M^T =", centre.numpy().round(2))
print("kernel width along x_1, x_2:", A.diagonal().rsqrt().numpy().round(2))
assert M[0, 0] > 5 * M[1, 1].abs() and M[0, 1] > 2 * M[1, 1].abs()
assert A[0, 0] > 3 * A[1, 1]  # narrower along x_1 than along x_2
assert 0.8 < centre[0, 0] < 1.5 and centre[0, 1].abs() < 0.2  # centre's x_1 follows x_1
at.plot_matrices({"W_q": W_q, "W_k": W_k, "W_qᵀ W_k": M})

# %% [markdown]
# $x_1$ 的权重 $M_{00}$ 是 $x_2$ 的权重 $M_{11}$ 的许多倍。右上角的 $M_{01}$ 却也不小：它把查询的 $x_1$ 和键的 $x_2$ 乘在一起。单看 $M$ 读不出核的形状，因为键偏置里也有键的坐标。固定查询 $x$，分数是键 $k$ 的二次函数，配方得
#
# $$x^\top M k - \tfrac{1}{2} k^\top A k = -\tfrac{1}{2}(k - c)^\top A\,(k - c) + \text{常数}, \qquad A = W_k^\top W_k,\quad c = A^{-1} M^\top x .$$
#
# 所以核是键空间里一个椭圆形的高斯鼓包：$A$ 决定它在各个方向上的宽窄，$c$ 是它的中心。$A_{00}$ 是 $A_{11}$ 的好几倍，沿 $x_1$ 的宽度（$1/\sqrt{A_{00}}$）明显比沿 $x_2$ 的窄：模型主要看 $x_1$，但并没有完全忽略 $x_2$。$M_{01}$ 和 $A$ 的非对角元一起决定中心：中心矩阵 $A^{-1}M^\top$ 的第 0 行接近 $(1, 0)$，鼓包的 $x_1$ 坐标跟着查询的 $x_1$ 走；第 1 行说明中心的 $x_2$ 坐标也随查询移动，但鼓包沿 $x_2$ 本来就宽，这一移动影响不大。一个 $w$ 做不到这些：它的鼓包是圆的，中心就在查询上。$W_v$ 仍接近 1：值本来就是我们要的输出。
#
# 注意力热图说明的是同一件事。查询取网格中 $x_2 = 2.5$ 那一行的 20 个测试点，键是按 $x_1$ 排好序的 100 个训练点。有了投影，每个查询把权重分给 $x_1$ 相近的一条带上的键，不管它们的 $x_2$ 是多少（第一张图）。只有一个 $w$ 时，这条带断断续续：$x_1$ 相近但 $x_2$ 离得远的键被推开了，每个查询平均的键更少，而对更少的带噪声的值取平均，结果的噪声更大（第二张图）。“用到的键数”是每个查询的 $1 / \sum_i \alpha_i^2$ 再对查询取平均：权重均匀时为 $n$，一个键独占全部权重时为 1。

# %%
row = data2.x_test[:, 1] == 2.5  # the 20 test queries of one row of the grid
order = torch.argsort(x2_train[:, 0])  # keys sorted by x_1
with torch.no_grad():
    _, weights_scalar = scalar(
        data2.x_test[row], x2_train[order], y2_train[order, None]
    )
    _, weights_projected = projected(
        data2.x_test[row], x2_train[order], y2_train[order, None]
    )
print("queries, keys:", tuple(weights_projected.shape))
# (20, 100) -> ()
spread_projected = (1 / (weights_projected**2).sum(dim=1)).mean().item()
spread_scalar = (1 / (weights_scalar**2).sum(dim=1)).mean().item()
print(
    f"keys in use per query: projections {spread_projected:.1f}, one w {spread_scalar:.1f}"
)
assert spread_projected > spread_scalar
at.plot_attention_heatmap(weights_projected)

# %%
at.plot_attention_heatmap(weights_scalar)

# %% [markdown]
# ### 去掉键偏置会怎样？
#
# Transformer 去掉了 $-\frac{1}{2}\lVert k'\rVert^2$。用 `key_bias=False` 把同一个模型再训练一次：

# %%
_ = torch.manual_seed(at.SEED)
# a Transformer's q . k / sqrt(d_k)
plain = at.ProjectedAttention(d_in=2, d_k=2, key_bias=False)
losses_plain = at.train_leave_one_out(plain, x2_train, y2_train, steps=300, lr=0.1)
mse_plain = at.mse_on_test(plain, data2)
print(f"plain dot product: test MSE {mse_plain:.3f}")
assert mse_plain > mse_scalar

# %% [markdown]
# 比前两个都差得多。没有偏置时，分数 $q'^\top k'$ 随 $k'$ 的**长度**增长，所以对一个固定的查询，最大的权重落在朝某个方向走得最远的键上，而不是**靠近**查询的键上：单纯的点积表达不了“离我近”。对直接用原始坐标做的核回归来说，这个偏置恰恰是关键。
#
# Transformer 照样去掉了它，这是一种取舍，不是因为它没有影响。层归一化（LayerNorm）规范的是输入向量 $x$，而不是投影后的键 $W_k x$，所以各个键的长度 $\lVert W_k x\rVert$ 仍然可以不同：方向相近的查询，总是给更长的键打更高的分。Transformer 的任务也不是“找离我近的样本”，而是在几百维里按学到的方向做匹配；模型在训练中自己学会利用或抵消键的长度（为什么点积形式照样能用，见[点积页](dot-product.py)的最后一段）。
#
# ## 为什么只有一个 *w*？
#
# 这是读者对本章常问的问题。一个标量是最小的可学习核：它只学**带宽**，别的什么也不学（带宽的含义见[训练后的曲线为何不平滑](smoothness.py)）。输入只有一维时，$1 \times 1$ 的矩阵**就是**一个标量，可学的东西本来就少。$W_q$ 和 $W_k$ 也可以取两个不同的数 $a$、$b$：分数 $-\frac{1}{2}(aq - bk)^2 = -\frac{1}{2}b^2\big(k - \frac{a}{b}q\big)^2$，核的中心从查询 $q$ 挪到了 $\frac{a}{b}q$，宽度变成 $1/|b|$。下面用一个查询验证这个等式：

# %%
a, b = 2.0, 1.0  # W_q = a, W_k = b: untied 1 x 1 projections
q0 = x_train[20]  # one query
untied = F.softmax(-((a * q0 - b * x_train) ** 2) / 2, dim=0)  # (n_train,)
# a Gaussian kernel of width 1/|b| centred on (a/b) q0
moved = F.softmax(-(((x_train - a / b * q0) * b) ** 2) / 2, dim=0)  # (n_train,)
gap_untied = (untied - moved).abs().max().item()
print(f"query {q0.item():.3f}, kernel centred on {a / b * q0.item():.3f}")
print(f"max |untied - moved Gaussian| = {gap_untied:.1e}")
assert gap_untied < 1e-6

# %% [markdown]
# 对本章的回归来说，把鼓包挪离查询没有道理：要预测 $x$ 处的值，就该看 $x$ 附近的键。所以 $W_q = W_k = w$ 是合理的选择，而不是唯一的选择；$w$ 和 $-w$ 给出相同的预测。有 $d$ 个特征时，矩阵就能像上面那样给各个特征加权、把它们混合。其余的一切原样保留：留一损失（[为什么要留一](leave-one-out.py)），用 `nn.Parameter` 和优化器训练（[带参数的注意力汇聚](parametric.py)），以及点积加键偏置（[点积页](dot-product.py)）。
#
# $n$ 变大时这一切要付出多少代价，是下一页[注意力的开销随 n 的增长](scale.py)的主题。
#
# ## 本页用到的 API
#
# - 本包：<autoref identifier="attention_tutorial.toy2d.make_data_2d">make_data_2d</autoref>，
#   <autoref identifier="attention_tutorial.transformer.gaussian_kernel_nd">gaussian_kernel_nd</autoref>，
#   <autoref identifier="attention_tutorial.transformer.dot_product_attention">dot_product_attention</autoref>，
#   <autoref identifier="attention_tutorial.transformer.ProjectedAttention">ProjectedAttention</autoref>，
#   <autoref identifier="attention_tutorial.transformer.ScalarKernelAttention">ScalarKernelAttention</autoref>，
#   <autoref identifier="attention_tutorial.transformer.masked_leave_one_out">masked_leave_one_out</autoref>，
#   <autoref identifier="attention_tutorial.toy2d.train_leave_one_out">train_leave_one_out</autoref>，
#   <autoref identifier="attention_tutorial.toy2d.mse_on_test">mse_on_test</autoref>，
#   <autoref identifier="attention_tutorial.figures.measures.plot_matrices">plot_matrices</autoref>
# - PyTorch：`torch.nn.functional.scaled_dot_product_attention`（`attn_mask`、`scale`），
#   `torch.nn.MultiheadAttention`，`torch.nn.Linear`，`Tensor.masked_fill`，`Tensor.transpose`，
#   `torch.cdist`
# - 张量 API 手册：[masked_fill 与 -inf](handbook/masked-fill.py)，
#   [torch.where](handbook/where.py)，[torch.einsum](handbook/einsum.py)，
#   [clone 与 detach](handbook/clone.py)，[nn.Linear](handbook/linear.py)，
#   [torch.matmul](handbook/matmul.py)
