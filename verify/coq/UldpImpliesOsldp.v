(* Proposition 13 of arXiv 1807.11317: (X_S, Y_P, eps)-ULDP implies (X_S, eps)-OSLDP, for every
   mechanism Q : nat -> Y -> R with outputs of any type, any k, any X_S, Y_P, Y_I (both readings
   of condition 1); the converse fails (osldp_not_uldp), and ULDP does not imply eps-LDP
   (mutant_uldp_implies_ldp). *)
From Coq Require Import Reals Lra Lia Psatz.
From Uldp Require Import Common.
Open Scope R_scope.

(* x < n for a numeral n: one goal per value *)
Ltac split_lt :=
  repeat match goal with
  | H : (?x < 0)%nat |- _ => exfalso; apply (Nat.nlt_0_r x); exact H
  | H : (?x < S ?n)%nat |- _ =>
      is_var x; destruct x as [|x]; [clear H | apply Nat.succ_lt_mono in H]
  end.


(* uldp:statement uldp_implies_osldp *)
Theorem uldp_implies_osldp : forall (Y : Type) (k : nat) (S : nat -> bool) (Yp Yi : Y -> Prop)
  (Q : nat -> Y -> R) (t : R),
  1 <= t ->
  (forall x y, (x < k)%nat -> Yp y \/ Yi y -> 0 <= Q x y) ->
  (ULDP k S Yp Yi Q t -> OSLDP k S (fun y => Yp y \/ Yi y) Q t) /\
  (ULDPLiteral k S Yp Yi Q t -> OSLDP k S (fun y => Yp y \/ Yi y) Q t).
(* uldp:end *)
Proof.
  intros Y k S Yp Yi Q t Ht Hnn.
  assert (Hreach : ULDP k S Yp Yi Q t -> OSLDP k S (fun y => Yp y \/ Yi y) Q t).
  { intros [Hc Hr] x x' y Hx Hx' HSx Hy.
    destruct Hy as [Hp | Hi].
    - apply Hr; assumption.
    - (* y is invertible: a sensitive x cannot produce it *)
      destruct (Rle_lt_dec (Q x y) 0) as [Hle | Hpos].
      + assert (0 <= Q x' y) by (apply Hnn; auto). nra.
      + destruct (Hc y Hi (ex_intro _ x (conj Hx Hpos))) as (x0 & Hx0 & HS0 & _ & Hzero).
        assert (x <> x0) by (intro; subst; congruence).
        rewrite (Hzero x Hx) in Hpos by assumption. lra. }
  split; [exact Hreach|].
  intros [Hc Hr]. apply Hreach. split; [|exact Hr].
  intros y Hi _. exact (Hc y Hi).
Qed.

(* uldp:statement osldp_not_uldp mutant_uldp_implies_ldp *)
Definition sens0 (x : nat) : bool := Nat.eqb x 0.
(* uldp:end *)

(* uldp:statement osldp_not_uldp *)
Definition osldp_ex_Q (x y : nat) : R :=
  if Nat.eqb x 0 then (if Nat.eqb y 0 then 1/10 else 9/10) else 1/2.
Theorem osldp_not_uldp :
  Mechanism 2 2 osldp_ex_Q /\ OSLDP 2 sens0 (Outputs 2) osldp_ex_Q 2 /\
  forall P : nat -> bool, ~ ULDP 2 sens0 (Protected 2 P) (Invertible 2 P) osldp_ex_Q 2.
(* uldp:end *)

Proof.
  split; [|split].
  - split.
    + intros x y Hx Hy. split_lt; unfold osldp_ex_Q; simpl; lra.
    + intros x Hx. split_lt; unfold osldp_ex_Q; simpl; lra.
  - intros x x' y Hx Hx' HS Hy. unfold Outputs in Hy. unfold sens0 in HS. split_lt; unfold osldp_ex_Q;
      simpl in *; try discriminate; lra.
  - intros P [Hc Hr]. destruct (P 0%nat) eqn:HP.
    + (* output 0 protected: the non-sensitive row exceeds the ratio *)
      assert (H0 : Protected 2 P 0%nat) by (split; [lia | exact HP]).
      assert (H := Hr 1%nat 0%nat 0%nat ltac:(lia) ltac:(lia) H0).
      unfold osldp_ex_Q in H; simpl in H. lra.
    + (* output 0 invertible: it has two sources, one of them sensitive *)
      assert (Hi : Invertible 2 P 0%nat) by (split; [lia | exact HP]).
      assert (Hre : Reachable 2 osldp_ex_Q 0%nat)
        by (exists 0%nat; split; [lia | unfold osldp_ex_Q; simpl; lra]).
      destruct (Hc 0%nat Hi Hre) as (x0 & Hx0 & HS0 & Hpos & Hzero).
      split_lt; unfold sens0 in HS0; simpl in HS0; try discriminate.
      specialize (Hzero 0%nat ltac:(lia) ltac:(lia)). unfold osldp_ex_Q in Hzero; simpl in Hzero.
      lra.
Qed.

(* uldp:statement mutant_uldp_implies_ldp *)
Definition urr_ex_Q (x y : nat) : R :=
  if Nat.eqb x 0 then (if Nat.eqb y 0 then 1 else 0) else 1/2.
Theorem mutant_uldp_implies_ldp :
  Mechanism 2 2 urr_ex_Q /\
  ULDPLiteral 2 sens0 (Protected 2 sens0) (Invertible 2 sens0) urr_ex_Q 2 /\
  ULDP 2 sens0 (Protected 2 sens0) (Invertible 2 sens0) urr_ex_Q 2 /\
  ~ LDP 2 (Outputs 2) urr_ex_Q 2.
(* uldp:end *)
Proof.
  assert (Hlit : ULDPLiteral 2 sens0 (Protected 2 sens0) (Invertible 2 sens0) urr_ex_Q 2).
  { split.
    - intros y [Hy HP]. split_lt; unfold sens0 in HP; simpl in HP; try discriminate.
      exists 1%nat. split; [lia|]. split; [reflexivity|].
      split; [unfold urr_ex_Q; simpl; lra|].
      intros x' Hx' Hne. split_lt; [unfold urr_ex_Q; simpl; lra | lia].
    - intros x x' y Hx Hx' [Hy HP]. split_lt; unfold sens0 in HP; simpl in HP;
        try discriminate; unfold urr_ex_Q; simpl; lra. }
  split; [|split; [exact Hlit|split]].
  - split.
    + intros x y Hx Hy. split_lt; unfold urr_ex_Q; simpl; lra.
    + intros x Hx. split_lt; unfold urr_ex_Q; simpl; lra.
  - destruct Hlit as [Hc Hr]. split; [|exact Hr]. intros y Hi _. exact (Hc y Hi).
  - intro H. specialize (H 1%nat 0%nat 1%nat ltac:(lia) ltac:(lia) ltac:(unfold Outputs; lia)).
    unfold urr_ex_Q in H; simpl in H. lra.
Qed.

Print Assumptions uldp_implies_osldp.
Print Assumptions osldp_not_uldp.
Print Assumptions mutant_uldp_implies_ldp.
