(* rappor_ldp: the (theta, eps)-generalized RAPPOR (Section 2.4 of arXiv 1807.11317) is eps-LDP
   for every t = e^eps >= 1, theta in [0,1] and k >= 1, with the ratio t attained for
   theta in (0,1) and k >= 2. Outputs are bit vectors y : nat -> bool (bits 0..k-1 are read);
   Q(y|x) is the product over j < k of Pr(y_j | x): bit j is 1 with probability theta when
   j = x and psi = theta / ((1 - theta) t + theta) otherwise. Every bit vector is an output
   (Y_P = {0,1}^k). As a bonus, every row sums to 1 over the 2^k vectors (rappor_rows_sum_1). *)
From Coq Require Import Reals Lra Lia Psatz.
From Uldp Require Import Common.
Open Scope R_scope.

(* uldp:statement rappor_ldp *)
Definition rappor_psi (theta t : R) : R := theta / ((1 - theta) * t + theta).

Definition rappor_on (theta t : R) (x j : nat) : R :=
  if Nat.eqb j x then theta else rappor_psi theta t.

Definition rappor_Q (k : nat) (theta t : R) (x : nat) (y : nat -> bool) : R :=
  rprod k (fun j => if y j then rappor_on theta t x j else 1 - rappor_on theta t x j).
(* uldp:end *)

(* helper lemmas, not part of the statement *)


(** The per-bit facts of RAPPOR, with U = (1 - theta) t + theta >= 1: psi U = theta and
    (1 - psi) U = (1 - theta) t. *)
Lemma psi_facts : forall theta t, 1 <= t -> 0 <= theta <= 1 ->
  1 <= (1 - theta) * t + theta /\
  rappor_psi theta t * ((1 - theta) * t + theta) = theta /\
  (1 - rappor_psi theta t) * ((1 - theta) * t + theta) = (1 - theta) * t /\
  0 <= rappor_psi theta t <= 1.
Proof.
  intros theta t Ht Hth.
  assert (HU : 1 <= (1 - theta) * t + theta) by nra.
  assert (HpU : rappor_psi theta t * ((1 - theta) * t + theta) = theta)
    by (unfold rappor_psi; field; lra).
  set (U := (1 - theta) * t + theta) in *. set (p := rappor_psi theta t) in *.
  assert (HqU : (1 - p) * U = (1 - theta) * t) by (unfold U in *; lra).
  repeat split; try assumption.
  - apply (Rmult_le_reg_r U); [lra|]. rewrite HpU. lra.
  - apply (Rmult_le_reg_r U); [lra|]. rewrite HpU. unfold U. nra.
Qed.

(** The two bits that differ, cross-multiplied: (u, v) = (y_x, y_x'). *)
Lemma rappor_pair_eq : forall theta t, 1 <= t -> 0 <= theta <= 1 ->
  theta * (1 - rappor_psi theta t) = t * (rappor_psi theta t * (1 - theta)).
Proof.
  intros theta t Ht Hth. destruct (psi_facts theta t Ht Hth) as (HU & HpU & HqU & Hp).
  set (U := (1 - theta) * t + theta) in *. set (p := rappor_psi theta t) in *.
  apply (Rmult_eq_reg_r U); [|lra].
  replace (theta * (1 - p) * U) with (theta * ((1 - p) * U)) by ring.
  replace (t * (p * (1 - theta)) * U) with (t * (1 - theta) * (p * U)) by ring.
  rewrite HpU, HqU. ring.
Qed.

Lemma rappor_pair_le : forall theta t (u v : bool), 1 <= t -> 0 <= theta <= 1 ->
  (if u then theta else 1 - theta) * (if v then rappor_psi theta t else 1 - rappor_psi theta t)
  <= t * ((if u then rappor_psi theta t else 1 - rappor_psi theta t) *
          (if v then theta else 1 - theta)).
Proof.
  intros theta t u v Ht Hth. pose proof (rappor_pair_eq theta t Ht Hth) as E.
  destruct (psi_facts theta t Ht Hth) as (HU & HpU & HqU & Hp).
  set (U := (1 - theta) * t + theta) in *. set (p := rappor_psi theta t) in *.
  destruct u, v.
  - assert (0 <= theta * p) by nra. nra.
  - lra.
  - apply (Rmult_le_reg_r U); [lra|].
    replace ((1 - theta) * p * U) with ((1 - theta) * (p * U)) by ring.
    replace (t * ((1 - p) * theta) * U) with (t * theta * ((1 - p) * U)) by ring.
    rewrite HpU, HqU. assert (0 <= (1 - theta) * theta) by nra. assert (1 <= t * t) by nra. nra.
  - assert (0 <= (1 - theta) * (1 - p)) by nra. nra.
Qed.

Lemma rappor_on_range : forall theta t x j, 1 <= t -> 0 <= theta <= 1 ->
  0 <= rappor_on theta t x j <= 1.
Proof.
  intros. unfold rappor_on. destruct (Nat.eqb j x); [lra|]. apply psi_facts; assumption.
Qed.

Lemma rappor_Q_nonneg : forall k theta t x y, 1 <= t -> 0 <= theta <= 1 ->
  0 <= rappor_Q k theta t x y.
Proof.
  intros. apply rprod_nonneg. intros j _.
  pose proof (rappor_on_range theta t x j H H0). destruct (y j); lra.
Qed.

Lemma rappor_ratio : forall k theta t, 1 <= t -> 0 <= theta <= 1 ->
  RatioBound k (fun _ => True) (rappor_Q k theta t) t.
Proof.
  intros k theta t Ht Hth x x' y Hx Hx' _.
  destruct (Nat.eq_dec x x') as [<-|Hne].
  { pose proof (rappor_Q_nonneg k theta t x y Ht Hth). nra. }
  unfold rappor_Q.
  destruct (rprod_pair_common k
    (fun j => if y j then rappor_on theta t x j else 1 - rappor_on theta t x j)
    (fun j => if y j then rappor_on theta t x' j else 1 - rappor_on theta t x' j) x x' Hx Hx' Hne)
    as (C & HC & _ & -> & ->).
  - intros j _ Hj Hj'. unfold rappor_on.
    destruct (Nat.eqb_spec j x), (Nat.eqb_spec j x'); try lia. reflexivity.
  - assert (0 <= C).
    { apply HC. intros j _ _ _. pose proof (rappor_on_range theta t x j Ht Hth).
      destruct (y j); lra. }
    unfold rappor_on. rewrite Nat.eqb_refl, Nat.eqb_refl.
    destruct (Nat.eqb_spec x' x) as [E|_]; [congruence|].
    destruct (Nat.eqb_spec x x') as [E|_]; [congruence|].
    pose proof (rappor_pair_le theta t (y x) (y x') Ht Hth).
    apply (Rmult_le_compat_r C) in H0; [|assumption]. nra.
Qed.

Lemma rappor_attained : forall k theta t, 1 <= t -> 0 < theta < 1 -> (2 <= k)%nat ->
  RatioAttained k (fun _ => True) (rappor_Q k theta t) t.
Proof.
  intros k theta t Ht Hth Hk.
  assert (Hth' : 0 <= theta <= 1) by lra.
  destruct (psi_facts theta t Ht Hth') as (HU & HpU & HqU & _).
  set (p := rappor_psi theta t) in *.
  assert (Hp : 0 < p < 1).
  { split; apply (Rmult_lt_reg_r ((1 - theta) * t + theta)); try lra;
      rewrite HpU; nra. }
  set (y := fun j => Nat.eqb j 0).
  exists 0%nat, 1%nat, y. unfold rappor_Q.
  destruct (rprod_pair_common k
    (fun j => if y j then rappor_on theta t 0 j else 1 - rappor_on theta t 0 j)
    (fun j => if y j then rappor_on theta t 1 j else 1 - rappor_on theta t 1 j) 0 1)
    as (C & _ & HC & -> & ->); try lia.
  - intros j _ Hj Hj'. unfold rappor_on.
    destruct (Nat.eqb_spec j 0), (Nat.eqb_spec j 1); try lia. reflexivity.
  - assert (0 < C).
    { apply HC. intros j _ Hj0 Hj1. unfold y, rappor_on.
      destruct (Nat.eqb_spec j 0); [lia|]. fold p. lra. }
    unfold y, rappor_on; simpl. fold p.
    pose proof (rappor_pair_eq theta t Ht Hth') as E. fold p in E.
    repeat split; try lia.
    + apply Rmult_lt_0_compat; [|lra]. apply Rmult_lt_0_compat; lra.
    + rewrite E. ring.
Qed.

Theorem rappor_rows_sum_1 : forall k theta t x,
  vsum k (fun y => rappor_Q k theta t x y) = 1.
Proof. intros. unfold rappor_Q. apply vsum_bits. Qed.

(* uldp:statement rappor_ldp *)
Theorem rappor_ldp : forall (t theta : R) (k : nat),
  1 <= t -> 0 <= theta <= 1 -> (1 <= k)%nat ->
  (forall x j, (x < k)%nat -> (j < k)%nat -> 0 <= rappor_on theta t x j <= 1) /\
  LDP k (fun _ => True) (rappor_Q k theta t) t /\
  ((2 <= k)%nat -> 0 < theta < 1 -> RatioAttained k (fun _ => True) (rappor_Q k theta t) t).
(* uldp:end *)
Proof.
  intros t theta k Ht Hth Hk. split; [|split].
  - intros. apply rappor_on_range; assumption.
  - apply rappor_ratio; assumption.
  - intros Hk2 Hth'. apply rappor_attained; assumption.
Qed.

Print Assumptions rappor_ldp.
Print Assumptions rappor_rows_sum_1.
