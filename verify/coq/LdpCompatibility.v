(* Proposition 12 of arXiv 1807.11317 (compatibility with LDP): if Q_A is (X_S, Y_AP, eps_A)-ULDP
   and Q_B is eps_B-LDP, the pair (Q_A, Q_B)(y_A, y_B | x) = Q_A(y_A|x) Q_B(y_B|x) satisfies the
   ratio bound e^(eps_A + eps_B) = t_A t_B for y_A in Y_AP and every y_B, for any mechanisms with
   outputs 0..m_A-1 and 0..m_B-1, any k, X_S, Y_AP. The refutations: dropping y_A in Y_AP, and
   the bound claimed at max(t_A, t_B). *)
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

(* uldp:statement ldp_compatibility ldp_compatibility_unprotected_output mutant_ldp_compatibility_larger_budget *)
Definition pair_Q (QA QB : nat -> nat -> R) (x : nat) (y : nat * nat) : R :=
  QA x (fst y) * QB x (snd y).
(* uldp:end *)

(* uldp:statement ldp_compatibility *)
Theorem ldp_compatibility : forall (k mA mB : nat) (S P : nat -> bool) (QA QB : nat -> nat -> R)
  (tA tB : R),
  1 <= tA -> 1 <= tB -> Mechanism k mA QA -> Mechanism k mB QB ->
  ULDP k S (Protected mA P) (Invertible mA P) QA tA -> LDP k (Outputs mB) QB tB ->
  RatioBound k (fun y => Protected mA P (fst y) /\ Outputs mB (snd y)) (pair_Q QA QB) (tA * tB).
(* uldp:end *)
Proof.
  intros k mA mB S P QA QB tA tB HtA HtB [HA0 _] [HB0 _] [_ HrA] HrB x x' [yA yB] Hx Hx' [HyA HyB].
  unfold pair_Q; simpl in *.
  assert (HyA' : (yA < mA)%nat) by (destruct HyA; assumption).
  assert (H1 := HrA x x' yA Hx Hx' HyA).
  assert (H2 := HrB x x' yB Hx Hx' HyB).
  assert (0 <= QA x yA) by (apply HA0; assumption).
  assert (0 <= QB x yB) by (apply HB0; assumption).
  (* 0 <= a <= tA a', 0 <= b <= tB b'  =>  a b <= (tA a') (tB b') *)
  assert (QA x yA * QB x yB <= (tA * QA x' yA) * QB x yB) by (apply Rmult_le_compat_r; assumption).
  assert ((tA * QA x' yA) * QB x yB <= (tA * QA x' yA) * (tB * QB x' yB))
    by (apply Rmult_le_compat_l; lra).
  lra.
Qed.

(* uldp:statement ldp_compatibility_unprotected_output mutant_ldp_compatibility_larger_budget *)
Definition rr_Q (t : R) (x y : nat) : R := if Nat.eqb x y then t / (1 + t) else 1 / (1 + t).
(* uldp:end *)

(* uldp:statement ldp_compatibility_unprotected_output *)
Definition urr_ex_Q (x y : nat) : R :=
  if Nat.eqb x 0 then (if Nat.eqb y 0 then 1 else 0) else 1/2.
Definition sens0 (x : nat) : bool := Nat.eqb x 0.
Theorem ldp_compatibility_unprotected_output :
  Mechanism 2 2 urr_ex_Q /\ Mechanism 2 2 (rr_Q 2) /\
  ULDP 2 sens0 (Protected 2 sens0) (Invertible 2 sens0) urr_ex_Q 2 /\
  LDP 2 (Outputs 2) (rr_Q 2) 2 /\
  ~ RatioBound 2 (fun y => Outputs 2 (fst y) /\ Outputs 2 (snd y)) (pair_Q urr_ex_Q (rr_Q 2))
      (2 * 2).
(* uldp:end *)
Proof.
  split; [|split; [|split; [|split]]].
  - split.
    + intros x y Hx Hy. split_lt; unfold urr_ex_Q; simpl; lra.
    + intros x Hx. split_lt; unfold urr_ex_Q; simpl; lra.
  - split.
    + intros x y Hx Hy. split_lt; unfold rr_Q; simpl; lra.
    + intros x Hx. split_lt; unfold rr_Q; simpl; lra.
  - split.
    + intros y [Hy HP] _. split_lt; unfold sens0 in HP; simpl in HP; try discriminate.
      exists 1%nat. split; [lia|]. split; [reflexivity|].
      split; [unfold urr_ex_Q; simpl; lra|].
      intros x' Hx' Hne. split_lt; [unfold urr_ex_Q; simpl; lra | lia].
    + intros x x' y Hx Hx' [Hy HP]. split_lt; unfold sens0 in HP; simpl in HP;
        try discriminate; unfold urr_ex_Q; simpl; lra.
  - intros x x' y Hx Hx' Hy. unfold Outputs in Hy. split_lt; unfold rr_Q; simpl; lra.
  - (* the invertible y_A = 1 is produced by the non-sensitive x = 1 only *)
    intro H. specialize (H 1%nat 0%nat (1%nat, 0%nat) ltac:(lia) ltac:(lia)).
    assert (Hy : Outputs 2 (fst (1%nat, 0%nat)) /\ Outputs 2 (snd (1%nat, 0%nat)))
      by (unfold Outputs; simpl; lia).
    specialize (H Hy). unfold pair_Q, urr_ex_Q, rr_Q in H; simpl in H. lra.
Qed.

(* uldp:statement mutant_ldp_compatibility_larger_budget *)
Theorem mutant_ldp_compatibility_larger_budget :
  Mechanism 2 2 (rr_Q 2) /\ Mechanism 2 2 (rr_Q 3) /\
  ULDP 2 (fun _ => true) (Protected 2 (fun _ => true)) (Invertible 2 (fun _ => true)) (rr_Q 2) 2 /\
  LDP 2 (Outputs 2) (rr_Q 3) 3 /\
  ~ RatioBound 2 (fun y => Protected 2 (fun _ => true) (fst y) /\ Outputs 2 (snd y))
      (pair_Q (rr_Q 2) (rr_Q 3)) (Rmax 2 3).
(* uldp:end *)
Proof.
  split; [|split; [|split; [|split]]].
  - split.
    + intros x y Hx Hy. split_lt; unfold rr_Q; simpl; lra.
    + intros x Hx. split_lt; unfold rr_Q; simpl; lra.
  - split.
    + intros x y Hx Hy. split_lt; unfold rr_Q; simpl; lra.
    + intros x Hx. split_lt; unfold rr_Q; simpl; lra.
  - split.
    + intros y [_ HP]. discriminate.
    + intros x x' y Hx Hx' [Hy _]. split_lt; unfold rr_Q; simpl; lra.
  - intros x x' y Hx Hx' Hy. unfold Outputs in Hy. split_lt; unfold rr_Q; simpl; lra.
  - (* (y_A, y_B) = (0, 0): ratio (2/3)(3/4) / ((1/3)(1/4)) = 6 > max(2, 3) = 3 *)
    intro H. specialize (H 0%nat 1%nat (0%nat, 0%nat) ltac:(lia) ltac:(lia)).
    assert (Hy : Protected 2 (fun _ => true) (fst (0%nat, 0%nat)) /\ Outputs 2 (snd (0%nat, 0%nat)))
      by (unfold Protected, Outputs; simpl; split; [split; [lia | reflexivity] | lia]).
    specialize (H Hy). unfold pair_Q, rr_Q in H; simpl in H.
    rewrite Rmax_right in H by lra. lra.
Qed.

Print Assumptions ldp_compatibility.
Print Assumptions ldp_compatibility_unprotected_output.
Print Assumptions mutant_ldp_compatibility_larger_budget.
