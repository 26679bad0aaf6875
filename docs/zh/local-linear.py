# %% [markdown]
# # 边界偏差与局部线性回归
#
# [非参数注意力汇聚](nonparametric.py)一页的拟合在中间跟得不错，在两端却偏了，左端尤其明显。本页先找出原因，再看一个只改动一处的补救办法：**局部线性回归**。它仍然用同样的注意力权重，只是不再求加权平均，而是在每个查询附近拟合一条加权的直线。下面先用同样的数据、同样的带宽 $h = 1$ 重算那一页的拟合。

# %%
import torch

import attention_tutorial as at

_ = torch.manual_seed(at.SEED)  # the one seed of the whole chapter
data = at.make_data()
x_train, y_train, x_test = data.x_train, data.y_train, data.x_test
n_train, n_test = len(x_train), len(x_test)
# the fit of the page nonparametric: bandwidth 1
y_hat, attention_weights = at.nadaraya_watson(x_test, x_train, y_train)

# %% [markdown]
# ## 边界在哪里偏
#
# 那一页的拟合图里，误差最大的地方在左端。下面打印第一个、中间和最后一个查询处的预测（fit）、真实值（truth）、
# 这一行最大的注意力权重（max weight），以及按注意力权重平均的键的位置（mean key，
# 也就是这个查询实际“看”向哪里）：

# %%
# first, middle and last query: fit and truth at the edges
for i in (0, n_test // 2, n_test - 1):
    row = attention_weights[i]  # (n_train,): weights of query i
    mean_key = (row * x_train).sum().item()  # where query i looks
    print(
        f"x = {x_test[i].item():.1f}"
        f"  fit {y_hat[i].item():.4f}"
        f"  truth {data.y_truth[i].item():.4f}"
        f"  max weight {row.max().item():.4f}"
        f"  mean key {mean_key:.4f}"
    )
largest = attention_weights.max(dim=1).values  # (n_test,)
middle = largest[n_test // 2]
assert y_hat[0] - data.y_truth[0] > 2  # fit at x = 0 too high
assert (attention_weights[0] * x_train).sum() > 0.5  # looks right
assert largest[0] > middle and largest[-1] > middle  # dark corners

# %% [markdown]
# $x = 0$ 处的真实值是 0，预测却高出 2 以上。原因在数据的边界：查询 0 的左边没有任何训练点，
# 它的权重全部落在右边的键上，mean key 远在查询的右侧；而 $f$ 从 0 开始陡峭上升，
# 右边样本的输出几乎都比 $f(0)$ 大，加权平均自然偏高。这叫**边界偏差**（boundary bias）：
# 核回归取的是窗口里的平均，窗口被边界截去一半时，平均值就偏向留下的那一半。右端的查询也只有一侧有键，
# 但那里的 $f$ 正处在谷底附近，左右高度差不多，所以偏差小得多。
#
# 那一页注意力权重热图的左上角和右下角颜色最深，也是这个原因：边缘的查询只有一侧有键，
# 分得到权重的键大约少了一半，而每行权重之和仍是 1，每个键分到的就更多（max weight 一列）。

# %% [markdown]
# **局部线性回归**的思路是：权重不变，但不再求加权平均（在每个查询附近拟合一个常数），而是拟合一条加权的直线
#
# $$\min_{b_0, b_1} \sum_{i=1}^{n} a_i(x)\,\big(y_i - b_0 - b_1 (x_i - x)\big)^2 ,$$
#
# 再取这条直线在查询处的值 $b_0$ 作为预测。直线能沿着斜率从权重的重心（上面的 mean key，记作 $\bar x$）外推回查询点，于是抵消了“只朝一边看”带来的偏差。解出来，预测仍是值的加权和 $\hat y = \sum_i \ell_i y_i$，只是这组“等效权重” $\ell_i$ 和为 1、却可以为负。
# <autoref identifier="attention_tutorial.local_linear_regression.local_linear">local_linear</autoref>
# 返回预测和这组等效权重。两种拟合在两端的数字：
#
# <!-- source: attention_tutorial.local_linear_regression.local_linear -->

# %%
# (n_test,), (n_test, n_train)
y_ll, weights_ll = at.local_linear(x_test, x_train, y_train)
for i in (0, n_test - 1):
    print(
        f"x = {x_test[i].item():.1f}: truth {data.y_truth[i].item():.4f}, "
        f"Nadaraya-Watson {y_hat[i].item():.4f}, local linear {y_ll[i].item():.4f}"
    )
mse_nw = ((y_hat - data.y_truth) ** 2).mean().item()
mse_ll = ((y_ll - data.y_truth) ** 2).mean().item()
print(f"test MSE: Nadaraya-Watson {mse_nw:.4f}, local linear {mse_ll:.4f}")
bias_nw, bias_ll = (
    (y_hat[0] - data.y_truth[0]).item(),
    (y_ll[0] - data.y_truth[0]).item(),
)
assert abs(bias_ll) < abs(bias_nw) / 2  # at x = 0 local linear removes most of the bias
assert mse_ll < mse_nw

# %% [markdown]
# 左图是两种拟合；右图是查询 $x = 0$ 的注意力权重，全都落在它的右边，重心 $\bar x$ 远离查询：

# %%
at.plot_boundary_bias(x_test, data.y_truth, x_train, y_train)

# %% [markdown]
# 再用 `torch.linalg.lstsq` 直接解 $x = 0$ 处的加权最小二乘，作为独立的对照：

# %%
# weighted least squares = ordinary least squares with rows scaled by sqrt(a_i)
sqrt_a = attention_weights[0].double().sqrt()  # (n_train,)
design = torch.stack(
    [torch.ones(n_train), x_train - x_test[0]], dim=1
).double()  # (n_train, 2)
solution = torch.linalg.lstsq(
    sqrt_a[:, None] * design, sqrt_a * y_train.double()
).solution
print(f"b0 from lstsq: {solution[0].item():.4f}   local_linear: {y_ll[0].item():.4f}")
print("equivalent weights sum to", round(weights_ll[0].sum().item(), 4))
print("negative equivalent weights of the query x = 0:", int((weights_ll[0] < 0).sum()))
assert abs(solution[0].item() - y_ll[0].item()) < 1e-4

# %% [markdown]
# 在 $x = 0$ 处，偏差的大部分消失了，整个测试集上的 MSE 也明显下降。右端 $x = 4.9$ 的数字则提醒我们：局部线性回归消除的是斜率造成的偏差；那里 $f$ 刚从一个谷底爬出，曲线的弯曲带来的偏差它去不掉，这一次 Nadaraya-Watson 的两种偏差碰巧相互抵消，反而更接近真实值。负的等效权重也说明，局部线性回归已经不再是严格意义上的注意力汇聚（权重不再是概率分布），而是它的一个近亲。
#
# ## 本页用到的 API
#
# - 包：<autoref identifier="attention_tutorial.local_linear_regression.local_linear">local_linear</autoref>、
#   <autoref identifier="attention_tutorial.pooling.nadaraya_watson">nadaraya_watson</autoref>
# - PyTorch：`torch.linalg.lstsq`、`torch.stack`、`Tensor.double`
# - 上一页：[非参数注意力汇聚](nonparametric.py)；下一页：[带参数的注意力汇聚](parametric.py)
