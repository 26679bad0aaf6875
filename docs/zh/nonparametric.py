# %% [markdown]
# # 非参数注意力汇聚：Nadaraya-Watson 核回归
#
# 1964 年，Nadaraya 和 Watson 各自提出了同一个想法：要预测输入 $x$ 处的输出，就把训练样本的输出
# $y_i$ 加权平均，离 $x$ 越近的样本权重越大。用注意力的语言说，$x$ 是**查询**，训练输入 $x_i$
# 是**键**，训练输出 $y_i$ 是**值**，加权平均就是**注意力汇聚**。这个模型没有任何需要学习的参数，
# 所以叫作*非参数*注意力汇聚。
#
# 本页的每个形状、数字和图都是构建网站时运行下面的代码得到的。

# %%
import torch
from torch.nn import functional as F

import attention_tutorial as at

_ = torch.manual_seed(at.SEED)  # the one seed of the whole chapter

# %% [markdown]
# ## 数据
#
# 目标函数是 $f(x) = 2\sin(x) + x^{0.8}$。在 $[0, 5)$ 中随机取 50 个训练输入并排序，
# 输出加上均值为 0、标准差为 0.5 的噪声；测试输入是 `torch.arange(0, 5, 0.1)`，
# 它们对应的真实值 $f(x)$ 不含噪声。`make_data` 用固定的种子生成这些张量，
# `describe` 打印名字、形状和开头结尾几个值。

# %%
data = at.make_data()
x_train, y_train, x_test = data.x_train, data.y_train, data.x_test
n_train, n_test = len(x_train), len(x_test)
at.describe("x_train", x_train)
at.describe("y_train", y_train)
at.describe("x_test", x_test)

# %% [markdown]
# ## 从核函数到 softmax
#
# Nadaraya-Watson 估计用核函数 $K$ 衡量查询 $x$ 与每个键 $x_i$ 的接近程度：
#
# $$f(x) = \sum_{i=1}^{n} \frac{K(x - x_i)}{\sum_{j=1}^{n} K(x - x_j)}\, y_i .$$
#
# 分母把权重归一化，所有权重之和为 1。取**高斯核**
#
# $$K(u) = \frac{1}{\sqrt{2\pi}} \exp\left(-\frac{u^2}{2}\right),$$
#
# 常数 $\frac{1}{\sqrt{2\pi}}$ 在分子分母中约掉，剩下的正好是 softmax：
#
# $$f(x) = \sum_{i=1}^{n} \frac{\exp\left(-\frac{1}{2}(x - x_i)^2\right)}{\sum_{j=1}^{n} \exp\left(-\frac{1}{2}(x - x_j)^2\right)}\, y_i
#        = \sum_{i=1}^{n} \operatorname{softmax}\left(-\frac{1}{2}(x - x_i)^2\right) y_i .$$
#
# 注意指数里的负号：$x$ 与 $x_i$ 离得越远，$-(x - x_i)^2/2$ 越小，权重也就越小。
# 下面用一个查询验证这两种写法给出同样的权重。

# %%
query = x_test[10]  # one query, x = 1.0
kernel = at.gaussian_kernel(query - x_train)  # (n_train,)
weights_from_kernel = kernel / kernel.sum()  # (n_train,)
weights_from_softmax = F.softmax(-((query - x_train) ** 2) / 2, dim=0)  # (n_train,)
print(f"query = {query.item():.1f}")
print(f"max |difference| = {(weights_from_kernel - weights_from_softmax).abs().max().item():.1e}")
print("sum of weights   =", round(weights_from_softmax.sum().item(), 6))

# %% [markdown]
# ## 把查询铺成矩阵
#
# 每个测试输入都要和全部 50 个训练输入比较。做法是先把每个查询重复 `n_train` 次，
# 再排成 `(n_test, n_train)` 的矩阵：第 $i$ 行全是第 $i$ 个查询。
# `repeat_interleave` 把每个元素连续重复，`reshape(-1, n_train)` 中的 `-1`
# 让 PyTorch 自己算出行数。

# %%
queries = x_test.repeat_interleave(n_train)  # (n_test * n_train,)
print("after repeat_interleave:", tuple(queries.shape))
queries = queries.reshape(-1, n_train)  # (n_test, n_train)
print("after reshape:          ", tuple(queries.shape))
print(queries[:3, :4])

# %% [markdown]
# `queries - x_train` 中，形状为 `(n_train,)` 的 `x_train` 被广播到每一行，
# 于是第 $i$ 行第 $j$ 列是 $x_i - x_j$（第 $i$ 个查询减第 $j$ 个键）。
# 沿 `dim=1`（每一行）做 softmax，每一行的权重之和为 1；
# 再用矩阵乘法 `torch.matmul` 把每行权重与值向量相乘，得到每个查询的预测。

# %%
attention_weights = F.softmax(-((queries - x_train) ** 2) / 2, dim=1)  # (n_test, n_train)
y_hat = torch.matmul(attention_weights, y_train)  # (n_test,)
print("attention_weights:", tuple(attention_weights.shape))
print("row sums:", attention_weights.sum(dim=1)[:5])
print("y_hat:", tuple(y_hat.shape))

# %% [markdown]
# 包里的 `nadaraya_watson` 就是上面这几行；它同时返回预测和注意力权重。
# `nadaraya_watson_broadcast` 不铺矩阵，直接用广播 `queries[:, None] - keys[None, :]`，
# 两者结果相同。

# %%
y_hat_tiled, weights_tiled = at.nadaraya_watson(x_test, x_train, y_train)
y_hat_broadcast, _ = at.nadaraya_watson_broadcast(x_test, x_train, y_train)
print(torch.allclose(y_hat_tiled, y_hat), torch.allclose(y_hat_tiled, y_hat_broadcast))

# %% [markdown]
# ## 注意力权重热图
#
# 热图的每一行是一个查询（测试输入），每一列是一个键（训练输入），颜色越深权重越大。
# 训练输入和测试输入都已排好序，所以权重集中在对角线附近：
# 每个查询主要关注离它最近的那些键。

# %%
at.plot_attention_heatmap(attention_weights)

# %% [markdown]
# ## 拟合结果
#
# 与平均汇聚的一条水平线相比，Nadaraya-Watson 的预测跟上了 $f(x)$ 的起伏，
# 但在峰谷处偏平：高斯核的宽度固定为 1，窗口里总混进较远的点。
# 下一页让模型自己学习这个宽度。

# %%
print(f"test MSE against the true f: {((y_hat - data.y_truth) ** 2).mean().item():.4f}")
at.plot_fit(x_test, data.y_truth, y_hat, x_train, y_train)

# %% [markdown]
# ## 常见疑问
#
# **距离越远，权重越大吗？** 不是。指数里是 $-(x - x_i)^2/2$，距离越大，这个数越小，
# softmax 之后的权重越小。漏掉负号正好会得到相反的结论。
#
# **为什么训练数据当键，测试数据当查询？** 查询是"要预测的位置"，键值对是"已知的样本"。
# 预测时只能向已知样本借信息，所以键和值都来自训练集。
#
# ## 本页用到的 API
#
# - 包：<autoref identifier="attention_tutorial.pooling.nadaraya_watson">nadaraya_watson</autoref>、
#   <autoref identifier="attention_tutorial.pooling.gaussian_kernel">gaussian_kernel</autoref>、
#   <autoref identifier="attention_tutorial.data.make_data">make_data</autoref>、
#   <autoref identifier="attention_tutorial.plotting.plot_attention_heatmap">plot_attention_heatmap</autoref>
# - PyTorch：`torch.repeat_interleave`、`Tensor.reshape`、`torch.nn.functional.softmax`、`torch.matmul`
