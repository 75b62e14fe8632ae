(* The truncated geometric grid mechanism for Euclidean geo-indistinguishability (Andres et al.,
   CCS 2013), as built by mechanisms/geometric_euclidean/: the geometric mechanism of
   geometric_claims.v at a step t' per unit of Manhattan distance with t'^(sqrt 2) <= t, i.e.
   t' <= e^(eps / sqrt 2) with t = e^eps. The claim geometric_euclidean_metric_ldp: it is a
   mechanism and Q(y|x) <= t^(d2(x, x')) Q(y|x') for every pair of cells and every output, d2 the
   Euclidean distance, for every grid and every real t' >= 1. The key fact is d1 <= sqrt 2 d2.
   The statement repeats the mechanism's definitions of geometric_claims.v word for word (so it
   reads on its own); the proof uses geometric_claims.geometric_metric_ldp, whose definitions
   are the same terms (the bridge lemmas below hold by eq_refl). *)
From Uldp Require Import Common.
From Uldp Require geometric_claims.
From Coq Require Import Reals Lra Lia Psatz.
Open Scope R_scope.

(* uldp:statement geometric_euclidean_metric_ldp *)
Definition geo_dist (a b : nat) : nat := if Nat.leb a b then (b - a)%nat else (a - b)%nat.

Definition geo_axis (n : nat) (t : R) (x y : nat) : R :=
  if Nat.eqb n 1 then 1
  else (if orb (Nat.eqb y 0) (Nat.eqb y (n - 1)) then / (1 + / t) else (1 - / t) / (1 + / t))
       * (/ t) ^ (geo_dist x y).

Definition geo_Q (W H : nat) (t : R) (x y : nat) : R :=
  geo_axis H t (x / W) (y / W) * geo_axis W t (x mod W) (y mod W).

Definition geo_d2 (W : nat) (x x' : nat) : R :=
  sqrt (INR (geo_dist (x / W) (x' / W)) ^ 2 + INR (geo_dist (x mod W) (x' mod W)) ^ 2).
(* uldp:end *)

(* helper lemmas, not part of the statement *)

(** The same mechanism and distance as in geometric_claims.v. *)
Lemma geo_Q_same : geo_Q = geometric_claims.geo_Q.
Proof. reflexivity. Qed.

Lemma geo_dist_same : geo_dist = geometric_claims.geo_dist.
Proof. reflexivity. Qed.

Definition geo_d1 := geometric_claims.geo_d1.

(** On a grid, a + b <= sqrt 2 sqrt (a^2 + b^2) for a, b >= 0: the difference of the squares is
    (a - b)^2. *)
Lemma manhattan_le_sqrt2_euclid : forall a b, 0 <= a -> 0 <= b ->
  a + b <= sqrt 2 * sqrt (a ^ 2 + b ^ 2).
Proof.
  intros a b Ha Hb.
  rewrite <- sqrt_mult by nra.
  rewrite <- (sqrt_pow2 (a + b)) by lra.
  assert (Hsq := pow2_ge_0 (a - b)).
  assert (Hid : 2 * (a ^ 2 + b ^ 2) - (a + b) ^ 2 = (a - b) ^ 2) by ring.
  assert (Ha2 := pow2_ge_0 a). assert (Hb2 := pow2_ge_0 b).
  apply sqrt_le_1; [apply pow2_ge_0 | lra | lra].
Qed.

Lemma geo_d1_le_sqrt2_d2 : forall W x x', INR (geo_d1 W x x') <= sqrt 2 * geo_d2 W x x'.
Proof.
  intros. unfold geo_d1, geometric_claims.geo_d1, geo_d2. rewrite geo_dist_same, plus_INR.
  apply manhattan_le_sqrt2_euclid; apply pos_INR.
Qed.

Lemma geo_d2_nonneg : forall W x x', 0 <= geo_d2 W x x'.
Proof. intros. apply sqrt_pos. Qed.

(** t'^d1 <= t^d2: t'^d1 = t'^(INR d1) <= t'^(sqrt 2 d2) = (t'^(sqrt 2))^d2 <= t^d2. *)
Lemma step_power_le : forall W x x' t t', 1 <= t' -> Rpower t' (sqrt 2) <= t ->
  t' ^ (geo_d1 W x x') <= Rpower t (geo_d2 W x x').
Proof.
  intros W x x' t t' Ht' Hle.
  rewrite <- Rpower_pow by lra.
  apply Rle_trans with (Rpower t' (sqrt 2 * geo_d2 W x x')).
  - apply Rle_Rpower; [assumption | apply geo_d1_le_sqrt2_d2].
  - rewrite <- Rpower_mult. apply Rle_Rpower_l; [apply geo_d2_nonneg|].
    split; [apply exp_pos | assumption].
Qed.

(* uldp:statement geometric_euclidean_metric_ldp *)
Theorem geometric_euclidean_metric_ldp : forall (W H : nat) (t t' : R),
  (1 <= W)%nat -> (1 <= H)%nat -> 1 <= t' -> Rpower t' (sqrt 2) <= t ->
  Mechanism (W * H) (W * H) (geo_Q W H t') /\
  (forall x x' y, (x < W * H)%nat -> (x' < W * H)%nat -> (y < W * H)%nat ->
     geo_Q W H t' x y <= Rpower t (geo_d2 W x x') * geo_Q W H t' x' y).
(* uldp:end *)
Proof.
  intros W H t t' HW HH Ht' Hle.
  rewrite geo_Q_same.
  destruct (geometric_claims.geometric_metric_ldp W H t' HW HH Ht') as (Hmech & Hbound & _).
  split; [exact Hmech|].
  intros x x' y Hx Hx' Hy.
  apply Rle_trans with (t' ^ (geo_d1 W x x') * geo_Q W H t' x' y); [apply Hbound; assumption|].
  apply Rmult_le_compat_r; [apply (proj1 Hmech); assumption|].
  apply step_power_le; assumption.
Qed.

(** The C++ parameterisation (mechanisms/geometric_euclidean: eps per unit of Euclidean distance,
    a step t' <= e^(eps / sqrt 2)) meets the theorem's hypothesis with t = e^eps, so the bound is
    e^(eps d2). *)
Corollary geometric_euclidean_metric_ldp_eps : forall (W H : nat) (eps t' : R),
  (1 <= W)%nat -> (1 <= H)%nat -> 1 <= t' -> t' <= exp (eps / sqrt 2) ->
  forall x x' y, (x < W * H)%nat -> (x' < W * H)%nat -> (y < W * H)%nat ->
    geo_Q W H t' x y <= exp (eps * geo_d2 W x x') * geo_Q W H t' x' y.
Proof.
  intros W H eps t' HW HH Ht' Hle x x' y Hx Hx' Hy.
  assert (Hs2 : 0 < sqrt 2) by (apply sqrt_lt_R0; lra).
  assert (Hstep : Rpower t' (sqrt 2) <= exp eps).
  { apply Rle_trans with (Rpower (exp (eps / sqrt 2)) (sqrt 2)).
    - apply Rle_Rpower_l; [lra | split; lra].
    - unfold Rpower. rewrite ln_exp. right. f_equal. field. lra. }
  replace (exp (eps * geo_d2 W x x')) with (Rpower (exp eps) (geo_d2 W x x'))
    by (unfold Rpower; rewrite ln_exp; f_equal; ring).
  apply (geometric_euclidean_metric_ldp W H (exp eps) t'); assumption.
Qed.

Print Assumptions geometric_euclidean_metric_ldp.
