(* Mangat's randomized response (the example after Definition 2 of arXiv 1807.11317) for every
   p in (0,1): the claim mangat_uldp and the refutation mangat_p_one, checked by Coq's kernel.
   X = Y = {0, 1}, X_S = Y_P = {1}: input 1 always reports 1; input 0 reports 1 with
   probability p and 0 with probability 1 - p. *)
From Coq Require Import Reals Lra Lia Psatz.
From Uldp Require Import Common.
Open Scope R_scope.

(* uldp:statement mangat_uldp mangat_p_one *)
Definition mangat_S (x : nat) : bool := Nat.eqb x 1.
Definition mangat_Q (p : R) (x y : nat) : R :=
  if Nat.eqb x 1 then (if Nat.eqb y 1 then 1 else 0)
  else (if Nat.eqb y 1 then p else 1 - p).
(* uldp:end *)

(* helper lemmas, not part of the statement *)

(** Inputs and outputs below 2 are 0 or 1. *)
Lemma lt2_cases : forall n, (n < 2)%nat -> n = 0%nat \/ n = 1%nat.
Proof. intros n Hn. lia. Qed.

Lemma mangat_rows : forall p, 0 < p < 1 -> Mechanism 2 2 (mangat_Q p).
Proof.
  intros p Hp. split.
  - intros x y Hx Hy.
    destruct (lt2_cases x Hx) as [->| ->], (lt2_cases y Hy) as [->| ->];
      unfold mangat_Q; simpl; lra.
  - intros x Hx. destruct (lt2_cases x Hx) as [->| ->]; unfold mangat_Q; simpl; lra.
Qed.

(** Condition 1, literally: output 0 has the sole source 0, which is non-sensitive. *)
Lemma mangat_cond1_literal : forall p, 0 < p < 1 ->
  Cond1Literal 2 mangat_S (Invertible 2 mangat_S) (mangat_Q p).
Proof.
  intros p Hp y [Hy HSy].
  destruct (lt2_cases y Hy) as [->| ->]; [|discriminate HSy].
  exists 0%nat. repeat split; try lia.
  - unfold mangat_Q; simpl; lra.
  - intros x' Hx' Hne. destruct (lt2_cases x' Hx') as [->| ->]; [lia|].
    unfold mangat_Q; simpl; reflexivity.
Qed.

(** On the protected output 1 the entries are p and 1, and 1 = (1/p) p. *)
Lemma mangat_ratio : forall p, 0 < p < 1 ->
  RatioBound 2 (Protected 2 mangat_S) (mangat_Q p) (1 / p).
Proof.
  intros p Hp x x' y Hx Hx' [Hy HSy].
  destruct (lt2_cases y Hy) as [->| ->]; [discriminate HSy|].
  assert (Hinv : 1 / p * p = 1) by (field; lra).
  assert (Hge : 1 <= 1 / p).
  { apply (Rmult_le_reg_r p); [lra|]. rewrite Hinv. lra. }
  destruct (lt2_cases x Hx) as [->| ->], (lt2_cases x' Hx') as [->| ->];
    unfold mangat_Q; simpl; nra.
Qed.

Lemma mangat_tight : forall p, 0 < p < 1 ->
  RatioAttained 2 (Protected 2 mangat_S) (mangat_Q p) (1 / p).
Proof.
  intros p Hp. exists 1%nat, 0%nat, 1%nat.
  unfold Protected, mangat_S, mangat_Q; simpl.
  repeat split; try lia; [lra | field; lra].
Qed.

(** Output 0 has Q(0|1) = 0 beside Q(0|0) = 1 - p > 0: no t bounds their ratio. *)
Lemma mangat_no_ldp : forall p t, 0 < p < 1 -> 1 <= t -> ~ LDP 2 (Outputs 2) (mangat_Q p) t.
Proof.
  intros p t Hp Ht H.
  specialize (H 0%nat 1%nat 0%nat ltac:(lia) ltac:(lia) ltac:(unfold Outputs; lia)).
  unfold mangat_Q in H; simpl in H. lra.
Qed.

(* uldp:statement mangat_uldp *)
Theorem mangat_uldp : forall p : R, 0 < p < 1 ->
  Mechanism 2 2 (mangat_Q p) /\
  ULDPLiteral 2 mangat_S (Protected 2 mangat_S) (Invertible 2 mangat_S) (mangat_Q p) (1 / p) /\
  RatioAttained 2 (Protected 2 mangat_S) (mangat_Q p) (1 / p) /\
  (forall t : R, 1 <= t -> ~ LDP 2 (Outputs 2) (mangat_Q p) t).
(* uldp:end *)
Proof.
  intros p Hp. split; [|split; [|split]].
  - apply mangat_rows, Hp.
  - split; [apply mangat_cond1_literal, Hp | apply mangat_ratio, Hp].
  - apply mangat_tight, Hp.
  - intros t Ht. apply mangat_no_ldp; assumption.
Qed.

(* uldp:statement mangat_p_one *)
Theorem mangat_p_one : LDP 2 (Outputs 2) (mangat_Q 1) 1.
(* uldp:end *)
Proof.
  (* p = 1, t = 1: both rows are (0, 1), so the mechanism is 0-LDP and "not t-LDP for every
     t >= 1" fails. *)
  intros x x' y Hx Hx' Hy. unfold Outputs in Hy.
  destruct (lt2_cases x Hx) as [->| ->], (lt2_cases x' Hx') as [->| ->],
    (lt2_cases y Hy) as [->| ->]; unfold mangat_Q; simpl; lra.
Qed.

Print Assumptions mangat_uldp.
Print Assumptions mangat_p_one.
