(* eps-RR (eq. (2) of arXiv 1807.11317) for every real t >= 1 and every k >= 1: the claim
   rr_ldp, checked by Coq's kernel. Inputs and outputs are 0..k-1 and
   Q(y|x) = t/(k+t-1) if y = x, 1/(k+t-1) otherwise. *)
From Coq Require Import Reals Lra Lia Psatz.
From Uldp Require Import Common.
Open Scope R_scope.

(* uldp:statement rr_ldp *)
Definition rr_Q (t : R) (k : nat) (x y : nat) : R :=
  if Nat.eqb x y then t / (INR k + t - 1) else 1 / (INR k + t - 1).
(* uldp:end *)

(* helper lemmas, not part of the statement *)

Lemma rr_denominator_pos : forall t k, 1 <= t -> (1 <= k)%nat -> 0 < INR k + t - 1.
Proof.
  intros t k Ht Hk. apply le_INR in Hk. simpl in Hk. lra.
Qed.

(** Both entries are a nonnegative multiple of 1/D, and the larger is t times the smaller. *)
Lemma rr_entry_bounds : forall t k x y, 1 <= t -> (1 <= k)%nat ->
  1 / (INR k + t - 1) <= rr_Q t k x y <= t * (1 / (INR k + t - 1)).
Proof.
  intros t k x y Ht Hk.
  pose proof (rr_denominator_pos t k Ht Hk) as HD.
  assert (Hinv : 0 < 1 / (INR k + t - 1)) by (apply Rdiv_lt_0_compat; lra).
  unfold rr_Q. destruct (Nat.eqb x y).
  - replace (t / (INR k + t - 1)) with (t * (1 / (INR k + t - 1))) by (field; lra). nra.
  - nra.
Qed.

Lemma rr_rows : forall t k, 1 <= t -> (1 <= k)%nat -> Mechanism k k (rr_Q t k).
Proof.
  intros t k Ht Hk.
  pose proof (rr_denominator_pos t k Ht Hk) as HD.
  split.
  - intros x y _ _. pose proof (rr_entry_bounds t k x y Ht Hk) as [H _].
    assert (0 < 1 / (INR k + t - 1)) by (apply Rdiv_lt_0_compat; lra). lra.
  - intros x Hx. unfold rr_Q. rewrite rsum_one_hot by exact Hx. field. lra.
Qed.

Lemma rr_ratio : forall t k, 1 <= t -> (1 <= k)%nat -> LDP k (Outputs k) (rr_Q t k) t.
Proof.
  intros t k Ht Hk x x' y _ _ _.
  pose proof (rr_entry_bounds t k x y Ht Hk) as [_ H1].
  pose proof (rr_entry_bounds t k x' y Ht Hk) as [H2 _].
  nra.
Qed.

Lemma rr_tight : forall t k, 1 <= t -> (2 <= k)%nat -> RatioAttained k (Outputs k) (rr_Q t k) t.
Proof.
  intros t k Ht Hk.
  assert (HD : 0 < INR k + t - 1) by (apply rr_denominator_pos; [lra | lia]).
  exists 0%nat, 1%nat, 0%nat. unfold Outputs, rr_Q. simpl Nat.eqb.
  repeat split; try lia.
  - apply Rdiv_lt_0_compat; lra.
  - field. lra.
Qed.

(* uldp:statement rr_ldp *)
Theorem rr_ldp : forall (t : R) (k : nat), 1 <= t -> (1 <= k)%nat ->
  Mechanism k k (rr_Q t k) /\
  LDP k (Outputs k) (rr_Q t k) t /\
  ((2 <= k)%nat -> RatioAttained k (Outputs k) (rr_Q t k) t).
(* uldp:end *)
Proof.
  intros t k Ht Hk. split; [|split].
  - apply rr_rows; assumption.
  - apply rr_ratio; assumption.
  - intros Hk2. apply rr_tight; assumption.
Qed.

Print Assumptions rr_ldp.
